import { useEffect, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { answerStaffRequest, markRequestSeen, REQUESTS_KEY, staffRequestQuery, type StaffRequest } from '~/api/admin-requests.queries'
import { ApiError } from '~/api/client'
import { Button } from '~/components/button'
import type { Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/money'
import { useConflictText } from '../conflict-text'
import { Dialog } from '../dialog'
import { ErrorSummary } from '../error-summary'
import { fieldErrorsOf, useAdminFieldErrorText, type FieldErrors } from '../field-errors'
import { instantText, itemWhen } from './format'
import { useRequestLabels } from './labels'
import { NewMark } from './request-list'

const REPLY_MAX = 2000

type Decision = 'accept' | 'decline'

/**
 * The writes of one request. Each answer replaces the page's copy of the request and reloads the
 * inbox and the sidebar's count; a conflict (answered meanwhile) reloads the request too, so the
 * page shows who answered and how.
 */
function useRequestWrites(api: AdminApi, code: string) {
  const queryClient = useQueryClient()
  const key = staffRequestQuery(api, code).queryKey
  const refreshInbox = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...REQUESTS_KEY, 'list'] }),
      queryClient.invalidateQueries({ queryKey: [...REQUESTS_KEY, 'counts'] }),
    ])
  const saved = (request: StaffRequest) => {
    queryClient.setQueryData(key, request)
    return refreshInbox()
  }
  const seen = useMutation({ mutationFn: (value: boolean) => markRequestSeen(api, code, value), onSuccess: saved })
  const answer = useMutation({
    mutationFn: (body: { decision: Decision; reply?: string }) => answerStaffRequest(api, code, body),
    onSuccess: saved,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) return Promise.all([queryClient.invalidateQueries({ queryKey: key }), refreshInbox()])
    },
  })
  return { seen, answer }
}

/** Why an item could not be accepted now. */
function useUnavailableText() {
  const { t } = useLingui()
  return (reason: string) => {
    switch (reason) {
      case 'places.insufficient':
        return t`Not enough free places any more.`
      case 'slot.unavailable':
        return t`This start time is no longer free.`
      case 'session.past':
        return t`This date has passed or was cancelled.`
      default:
        return t`No longer available.`
    }
  }
}

function Section(props: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="space-y-2">
      <h2 id={props.id} className="text-xl font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  )
}

/**
 * One request: the visitor's message, what they asked for (with whether it is still free), who
 * they are, and the answer — a reply with "accept" (takes the places, e-mails the payment link)
 * or "decline" (after a confirmation). Opening the page marks the request seen (one explicit
 * call once it is shown); "Mark as unread" puts it back among the new ones.
 */
export function RequestDetail(props: { request: StaffRequest; api: AdminApi; lang: Locale; timeZone: string }) {
  const { request, api, lang, timeZone } = props
  const { t } = useLingui()
  const labels = useRequestLabels()
  const conflictText = useConflictText()
  const fieldText = useAdminFieldErrorText()
  const unavailableText = useUnavailableText()
  const { seen, answer } = useRequestWrites(api, request.code)
  const [reply, setReply] = useState('')
  const [confirmDecline, setConfirmDecline] = useState(false)
  const [notice, setNotice] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  // Marked seen once per visit: after "Mark as unread" it stays unread until the page is opened again.
  const marked = useRef(false)
  const open = request.status === 'REQUESTED'

  useEffect(() => {
    if (marked.current || request.seen) return
    marked.current = true
    seen.mutate(true)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page shows an unseen request
  }, [request.code])

  const send = (decision: Decision) => {
    setErrors({})
    setNotice('')
    const text = reply.trim()
    answer.mutate(
      { decision, ...(text ? { reply: text } : {}) },
      {
        onSuccess: (answered) => {
          setReply('')
          setNotice(answered.status === 'DECLINED' ? t`The request is declined. The visitor gets your reply by e-mail.` : t`The request is accepted. The visitor gets the payment link by e-mail.`)
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    )
  }

  const conflict = answer.error ? conflictText(answer.error) : undefined
  const otherError = answer.error && !conflict && Object.keys(fieldErrorsOf(answer.error)).length === 0 ? t`The answer could not be sent. Please try again.` : undefined
  const replyError = fieldText(errors.reply)
  const visitorLanguage = labels.language[request.locale]
  const name = `${request.person.firstname} ${request.person.surname}`
  const statusLabel = labels.status[request.status]
  const answeredAt = request.repliedAt ? instantText(request.repliedAt, lang, timeZone) : ''
  const used = reply.length

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="flex flex-wrap items-center gap-3 text-3xl font-semibold">
            <span>
              <Trans>Request from {name}</Trans>
            </span>
            {request.seen ? null : <NewMark />}
          </h1>
          <p>
            <span className="font-mono">{request.code}</span> · <Trans>Received</Trans> <time dateTime={request.createdAt}>{instantText(request.createdAt, lang, timeZone)}</time>
          </p>
          <p>
            <Trans>State:</Trans> <strong data-testid="request-status">{statusLabel}</strong>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="gray"
            disabled={seen.isPending}
            onClick={() => {
              const next = !request.seen
              seen.mutate(next, { onSuccess: () => setNotice(next ? t`Marked as read.` : t`Marked as unread.`) })
            }}
          >
            {request.seen ? t`Mark as unread` : t`Mark as read`}
          </Button>
        </div>
      </div>

      <p role="status" aria-live="polite" className="font-medium" data-testid="request-notice">
        {notice}
      </p>

      <Section id="request-message" title={t`Message`}>
        {request.message ? (
          <blockquote className="whitespace-pre-wrap rounded-md border-l-4 border-gray-400 bg-gray-50 p-4 text-gray-900" data-testid="request-message">
            {request.message}
          </blockquote>
        ) : (
          <p>
            <Trans>The visitor wrote no message.</Trans>
          </p>
        )}
      </Section>

      <Section id="request-items" title={t`Asked for`}>
        {request.availability && !request.availability.available ? (
          <div className="rounded-md border-2 border-error p-4" data-testid="request-unavailable">
            <p className="font-semibold">
              <Trans>Some places are no longer free: accepting will fail until they are. You can still decline.</Trans>
            </p>
          </div>
        ) : null}
        <ul className="space-y-4">
          {request.items.map((item) => {
            const missing = request.availability?.unavailable[item.id]
            const quantity = item.quantity
            return (
              <li key={item.id} className="rounded-md border border-gray-300 p-4">
                <p className="font-semibold">
                  {item.offerTitle} – {item.skuTitle}
                </p>
                <p>
                  <time dateTime={item.start}>{itemWhen(item, lang)}</time> ·{' '}
                  <Plural value={quantity} one="# place" other="# places" /> · {formatMoney(item.total, lang)}
                </p>
                {missing ? <p className="font-medium text-error">{unavailableText(missing)}</p> : null}
                {item.participants.length ? (
                  <>
                    <h3 className="mt-2 text-sm font-semibold">
                      <Trans>Participants</Trans>
                    </h3>
                    <ul className="list-disc pl-5">
                      {item.participants.map((p, i) => (
                        <li key={i}>
                          {p.firstname} {p.surname}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </li>
            )
          })}
        </ul>
        <p className="text-lg">
          <Trans>Total</Trans>: <strong className="tabular-nums">{formatMoney(request.total, lang)}</strong>
          {request.status === 'ACCEPTED' || request.status === 'PAID' ? (
            <>
              {' '}
              · <Trans>Open amount</Trans>: <strong className="tabular-nums">{formatMoney(request.openAmount, lang)}</strong>
            </>
          ) : null}
        </p>
      </Section>

      <Section id="request-contact" title={t`Contact`}>
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">{t`Name`}</dt>
          <dd>
            {name}
            {request.customer.type === 'COMPANY' && request.customer.company ? `, ${request.customer.company}` : ''}
          </dd>
          <dt className="font-medium">{t`E-mail`}</dt>
          <dd>
            <a className="underline" href={`mailto:${request.person.email}`}>
              {request.person.email}
            </a>
          </dd>
          <dt className="font-medium">{t`Phone`}</dt>
          <dd>
            <a className="underline" href={`tel:${request.person.phone.replace(/\s+/g, '')}`}>
              {request.person.phone}
            </a>
          </dd>
          <dt className="font-medium">{t`Address`}</dt>
          <dd>
            {request.address.street} {request.address.streetNumber}, {request.address.postalCode} {request.address.city}, {request.address.country}
          </dd>
          <dt className="font-medium">{t`Language`}</dt>
          <dd data-testid="request-language">{visitorLanguage}</dd>
        </dl>
      </Section>

      <Section id="request-answer" title={t`Answer`}>
        {open ? (
          <form
            className="space-y-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              send('accept')
            }}
          >
            <ErrorSummary errors={errors} idOf={() => 'request-reply'} labelOf={() => t`Reply to the visitor`} text={fieldText} />
            {conflict ? (
              <p role="alert" className="rounded-md border-2 border-error p-4 font-medium" data-testid="request-conflict">
                {conflict}
              </p>
            ) : null}
            {otherError ? (
              <p role="alert" className="rounded-md border-2 border-error p-4 font-medium">
                {otherError}
              </p>
            ) : null}
            <div>
              <label htmlFor="request-reply" className="block font-medium">
                <Trans>Reply to the visitor (optional)</Trans>
              </label>
              <textarea
                id="request-reply"
                rows={6}
                maxLength={REPLY_MAX}
                value={reply}
                aria-invalid={replyError ? true : undefined}
                aria-describedby={`request-reply-hint${replyError ? ' request-reply-error' : ''}`}
                onChange={(e) => setReply(e.target.value)}
                className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 aria-[invalid=true]:border-error"
              />
              <p id="request-reply-hint" className="mt-1 text-sm">
                <Trans>
                  Sent with your answer by e-mail. The visitor asked in {visitorLanguage}. {used} of {REPLY_MAX} characters.
                </Trans>
              </p>
              {replyError ? (
                <p id="request-reply-error" className="mt-1 text-sm font-medium text-error">
                  {replyError}
                </p>
              ) : null}
            </div>
            <p className="text-sm">
              <Trans>Accepting takes the places and sends the visitor a link to pay. Declining sends your reply only.</Trans>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={answer.isPending} data-testid="request-accept">
                {t`Accept`}
              </Button>
              <Button variant="danger" disabled={answer.isPending} onClick={() => setConfirmDecline(true)} data-testid="request-decline">
                {t`Decline`}
              </Button>
            </div>
          </form>
        ) : (
          <div className="space-y-2" data-testid="request-answered">
            <p>
              {request.repliedAt ? (
                <Trans>
                  Answered on <time dateTime={request.repliedAt}>{answeredAt}</time>: {statusLabel}.
                </Trans>
              ) : (
                statusLabel
              )}
            </p>
            {conflict ? (
              <p role="alert" className="rounded-md border-2 border-error p-4 font-medium" data-testid="request-conflict">
                {conflict}
              </p>
            ) : null}
            {request.reply ? (
              <>
                <h3 className="font-semibold">
                  <Trans>Your reply</Trans>
                </h3>
                <blockquote className="whitespace-pre-wrap rounded-md border-l-4 border-gray-400 bg-gray-50 p-4 text-gray-900" data-testid="request-reply-sent">
                  {request.reply}
                </blockquote>
              </>
            ) : (
              <p>
                <Trans>Answered without a personal reply.</Trans>
              </p>
            )}
          </div>
        )}
      </Section>

      {request.history.length ? (
        <Section id="request-history" title={t`History`}>
          <ul className="space-y-1">
            {request.history.map((change) => (
              <li key={change.id}>
                <time dateTime={change.at}>{instantText(change.at, lang, timeZone)}</time> – <HistoryAction action={change.action} /> –{' '}
                {change.actor ? change.actor.name : t`Operator API or system`}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <p>
        <Link to="/$lang/admin/sales/requests" params={{ lang }} className="underline">
          <Trans>Back to the requests</Trans>
        </Link>
      </p>

      <Dialog open={confirmDecline} title={t`Decline this request?`} onClose={() => setConfirmDecline(false)} testId="decline-dialog">
        <div className="space-y-4">
          <p>
            <Trans>
              {name} gets an e-mail in {visitorLanguage} saying that the request is declined, with your reply. This cannot be undone.
            </Trans>
          </p>
          {reply.trim() ? null : (
            <p>
              <Trans>You have written no reply: consider saying why, or suggesting another date.</Trans>
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="gray" onClick={() => setConfirmDecline(false)}>
              <Trans>Back</Trans>
            </Button>
            <Button
              variant="danger"
              disabled={answer.isPending}
              data-testid="request-decline-confirm"
              onClick={() => {
                setConfirmDecline(false)
                send('decline')
              }}
            >
              {t`Decline the request`}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  )
}

function HistoryAction({ action }: { action: string }) {
  const { t } = useLingui()
  switch (action) {
    case 'seen':
      return <>{t`Marked as read`}</>
    case 'unseen':
      return <>{t`Marked as unread`}</>
    case 'accepted':
      return <>{t`Accepted`}</>
    case 'declined':
      return <>{t`Declined`}</>
    default:
      return <>{action}</>
  }
}
