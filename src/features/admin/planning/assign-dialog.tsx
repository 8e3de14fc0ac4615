import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import type { PlanningBoard } from '~/api/admin-planning.queries'
import type { FieldError } from '~/components/checkout/field-error-text'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import type { Locale } from '~/lib/locale'
import { Dialog } from '../dialog'
import { fieldErrorsOf } from '../field-errors'
import { FormField } from '../form-field'
import { ROLE_LABELS } from '../labels'
import { candidatesFor, sessionAvailability, type Candidate } from './availability'
import { longDay, timeRange } from './format'
import { AvailabilityMark, useAvailabilityText } from './labels'
import { isUnavailableRefusal, usePlanningTexts } from './texts'
import { currentTarget, type PlanningTarget } from './targets'
import { usePlanningWrites } from './use-planning-writes'

const REASON_MAX = 500

type Props = {
  api: AdminApi
  board: PlanningBoard
  /** The date or private booking to assign a guide to; the dialog is open while it is set. */
  session: PlanningTarget | null
  /** A member chosen already (a name dropped onto the date who said UNAVAILABLE): the dialog asks for the reason at once. */
  staffId?: string
  /** The refusal that led here (shown at the top). */
  refusal?: unknown
  lang: Locale
  onClose: () => void
}

/**
 * "Assign guide…" of a date: the members not assigned to it yet, the likeliest first, each with
 * their answer for the date's half-days (with the note) and the other date they already guide at
 * that time. Choosing one assigns them; a MAYBE is assigned with a warning (read out); an
 * UNAVAILABLE member needs the reason for the exception first. The server's refusals (double
 * booked, unavailable, date cancelled) are said in the dialog. It stays open for the next guide.
 */
export function AssignGuideDialog(props: Props) {
  const { t } = useLingui()
  return (
    <Dialog open={props.session !== null} title={t`Assign a guide`} onClose={props.onClose} testId="assign-guide-dialog">
      {props.session ? <AssignPanel key={`${props.session.kind}|${props.session.id}|${props.staffId ?? ''}`} {...props} session={props.session} /> : null}
    </Dialog>
  )
}

function AssignPanel(props: Props & { session: PlanningTarget }) {
  const { t, i18n } = useLingui()
  const availabilityText = useAvailabilityText()
  const { board, lang } = props
  const texts = usePlanningTexts(lang, board.timeZone)
  const { assign } = usePlanningWrites(props.api)
  // The board's current version of the date (it changes as guides are assigned); the one opened while the board no longer lists it.
  const session = currentTarget(board, props.session)
  const [chosen, setChosen] = useState<string | null>(props.staffId ?? null)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<FieldError | undefined>()
  const [done, setDone] = useState('')
  const [refusal, setRefusal] = useState<unknown>(props.refusal ?? null)
  // Whom the last try was for (a refusal names them).
  const [tried, setTried] = useState<string | null>(props.staffId ?? null)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const listId = useId()
  const reasonTitleId = useId()
  const offer = session.offerTitle
  const time = timeRange(session, board.timeZone, lang)
  const day = longDay(session.date, lang)
  const assigned = session.guides.length
  const needed = session.guidesNeeded
  const candidates = candidatesFor(board, session)
  const member = chosen ? board.staff.find((m) => m.id === chosen) : undefined
  const memberName = member?.name ?? ''

  // The reason's field when it appears, the list's heading when it comes back (not when the dialog opens on the list).
  const opened = useRef(false)
  useEffect(() => {
    const first = !opened.current
    opened.current = true
    if (first && !chosen) return
    // A frame later: after the dialog has opened (showModal focuses its first control).
    const frame = requestAnimationFrame(() => (chosen ? document.getElementById('assign-override-reason') : listHeading.current)?.focus())
    return () => cancelAnimationFrame(frame)
  }, [chosen])

  const afterAssign = (message: string) => {
    setDone(message)
    setChosen(null)
    setReason('')
    setReasonError(undefined)
    requestAnimationFrame(() => listHeading.current?.focus())
  }

  const choose = ({ member, availability, notes }: Candidate) => {
    if (assign.isPending) return
    setDone('')
    setRefusal(null)
    setTried(member.id)
    if (availability === 'UNAVAILABLE') {
      setChosen(member.id)
      return
    }
    assign.mutate(
      { sessionId: session.id, staffId: member.id, kind: session.kind },
      {
        onSuccess: (answer) =>
          afterAssign(answer.warnings.includes('guide.maybe') ? texts.assignedMaybe(member.name, offer, time, notes.join('; ') || undefined) : texts.assigned(member.name, offer, time)),
        onError: (error) => {
          if (isUnavailableRefusal(error)) setChosen(member.id)
          setRefusal(error)
        },
      },
    )
  }

  const submitReason = (e: FormEvent) => {
    e.preventDefault()
    if (!member || assign.isPending) return
    const text = reason.trim()
    const problem: FieldError | undefined = !text ? { code: 'required' } : text.length > REASON_MAX ? { code: 'too_big', params: { type: 'string', maximum: REASON_MAX } } : undefined
    setReasonError(problem)
    if (problem) {
      document.getElementById('assign-override-reason')?.focus()
      return
    }
    setDone('')
    setRefusal(null)
    assign.mutate(
      { sessionId: session.id, staffId: member.id, overrideReason: text, kind: session.kind },
      {
        onSuccess: () => afterAssign(texts.assignedException(member.name, offer, time)),
        onError: (error) => {
          const field = fieldErrorsOf(error).overrideReason
          if (field) {
            setReasonError(field)
            document.getElementById('assign-override-reason')?.focus()
          } else setRefusal(error)
        },
      },
    )
  }

  const triedName = board.staff.find((m) => m.id === tried)?.name ?? t`This member`
  const refusalText = refusal ? texts.refusal(refusal, triedName) : undefined
  const chosenAvailability = member ? sessionAvailability(member, session) : null
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <p className="font-semibold">{offer}</p>
        <p>
          {day}, {time}
        </p>
        <p>
          <Trans>
            {assigned} of {needed} guides assigned
          </Trans>
          {session.understaffed ? (
            <strong className="ml-2 font-semibold text-error">
              <span aria-hidden="true">⚠ </span>
              <Trans>Not enough guides</Trans>
            </strong>
          ) : null}
        </p>
        {session.guides.length ? (
          <p>
            <Trans>Assigned:</Trans> {session.guides.map((g) => `${g.name} (${availabilityText(g.availability)})`).join(', ')}
          </p>
        ) : null}
      </div>
      <div role="status" className={done ? 'rounded-md border-2 border-success p-3 font-medium' : undefined} data-testid="assign-status">
        {done}
      </div>
      {refusal ? (
        refusalText ? (
          <p role="alert" className="rounded-md border-2 border-error p-3 font-medium" data-testid="assign-refusal">
            {refusalText}
          </p>
        ) : (
          <SubmitError error={refusal} />
        )
      ) : null}
      {member && chosenAvailability ? (
        <form onSubmit={submitReason} noValidate aria-labelledby={reasonTitleId} className="space-y-4">
          <h3 id={reasonTitleId} className="font-semibold">
            <Trans>Assign {memberName} as an exception?</Trans>
          </h3>
          <p className="flex items-start gap-2">
            <AvailabilityMark value={chosenAvailability.availability} text={availabilityText(chosenAvailability.availability, chosenAvailability.notes)} visible />
          </p>
          <p>
            <Trans>{memberName} said they are unavailable at this time. Say why they are assigned anyway: the reason is kept with the assignment and shown on the board.</Trans>
          </p>
          <FormField id="assign-override-reason" label={t`Reason for the exception`} value={reason} onChange={setReason} error={reasonError} required />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="gray"
              onClick={() => {
                setChosen(null)
                setRefusal(null)
                setReasonError(undefined)
              }}
            >
              <Trans>Back to the list</Trans>
            </Button>
            <Button type="submit" disabled={assign.isPending}>
              <Trans>Assign anyway</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <div className="space-y-2">
          <h3 id={listId} ref={listHeading} tabIndex={-1} className="font-semibold focus:outline-none">
            <Trans>Choose a guide</Trans>
          </h3>
          {candidates.length === 0 ? (
            <p>
              <Trans>Every active staff member is assigned to this date already.</Trans>
            </p>
          ) : (
            <ul aria-labelledby={listId} aria-busy={assign.isPending || undefined} className="max-h-[50vh] space-y-1 overflow-y-auto">
              {candidates.map((candidate) => {
                const busy = candidate.busy
                const busyOffer = busy?.offerTitle ?? ''
                const busyTime = busy ? timeRange(busy, board.timeZone, lang) : ''
                return (
                  <li key={candidate.member.id}>
                    <button
                      type="button"
                      onClick={() => choose(candidate)}
                      data-staff={candidate.member.id}
                      className="block w-full rounded-md border border-gray-400 px-3 py-2 text-left hover:bg-black/5 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent"
                    >
                      <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                        <span className="font-medium">{candidate.member.name}</span>
                        <span className="text-sm">{i18n._(ROLE_LABELS[candidate.member.role])}</span>
                      </span>
                      <span className="mt-1 block text-sm">
                        <AvailabilityMark value={candidate.availability} text={availabilityText(candidate.availability, candidate.notes)} visible />
                      </span>
                      {busy ? (
                        <span className="mt-1 block text-sm font-medium">
                          <Trans>
                            Busy at this time: {busyOffer}, {busyTime}
                          </Trans>
                        </span>
                      ) : null}
                      {candidate.availability === 'UNAVAILABLE' ? (
                        <span className="mt-1 block text-sm">
                          <Trans>Needs a reason to be assigned.</Trans>
                        </span>
                      ) : null}
                    </button>
                  </li>
                )
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
