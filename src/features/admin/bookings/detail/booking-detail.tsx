import { useState, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import type { StaffBooking } from '~/api/admin-booking-detail.queries'
import { Button } from '~/components/button'
import type { Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/money'
import { useBookingListLabels } from '../list/labels'
import { CancelDialog, ParticipantsDialog, PaymentDialog } from './dialogs'
import { instantText, whenText } from './format'
import { useBookingDetailLabels } from './labels'
import { useBookingActions, useBookingErrorText } from './use-booking-actions'

type Open = 'payment' | 'participants' | 'cancel' | null

function Section(props: { id: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={props.id} className="text-xl font-semibold">
          {props.title}
        </h2>
        {props.actions}
      </div>
      {props.children}
    </section>
  )
}

/** A change's value as the history shows it: text and numbers as they are, anything else as JSON. */
function valueText(value: unknown): string {
  if (value === undefined || value === null) return '–'
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/**
 * One booking for the staff: what was booked (with a link to each date's manifest), who booked,
 * the money (payments, refunds, open amount), the e-mails sent and the history; and the actions
 * — a payment received on site, the payment link or the confirmation again, participants' names,
 * cancelling — each in a dialog; the outcome is announced.
 */
export function BookingDetail(props: { booking: StaffBooking; api: AdminApi; lang: Locale; timeZone: string }) {
  const { booking, api, lang, timeZone } = props
  const { t } = useLingui()
  const listLabels = useBookingListLabels()
  const labels = useBookingDetailLabels()
  const errorText = useBookingErrorText()
  const actions = useBookingActions(api, booking.code)
  const [open, setOpen] = useState<Open>(null)
  const [notice, setNotice] = useState('')
  const languages: Record<Locale, string> = { de: t`German`, en: t`English`, fr: t`French` }
  const visitorLanguage = languages[booking.locale]
  const money = (amount: number) => formatMoney(amount, booking.currency, lang)
  const name = `${booking.contact.firstname} ${booking.contact.surname}`
  const close = () => setOpen(null)
  const sendError = errorText(actions.link.error) ?? errorText(actions.confirmation.error)
  const dialogProps = { booking, actions, lang, onClose: close, onDone: setNotice }

  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <p>
          <Link to="/$lang/admin/sales/bookings" params={{ lang }} className="underline">
            <Trans>Back to the bookings</Trans>
          </Link>
        </p>
        <h1 className="text-3xl font-semibold">
          <Trans>
            Booking <span className="font-mono">{booking.code}</span>
          </Trans>
        </h1>
        <p>
          {name}
          {booking.contact.company ? `, ${booking.contact.company}` : ''} · <Trans>Booked</Trans>{' '}
          <time dateTime={booking.createdAt}>{instantText(booking.createdAt, lang, timeZone)}</time> · {listLabels.mode[booking.mode]} ·{' '}
          {listLabels.channel[booking.channel]}
          {booking.channelHost ? ` (${booking.channelHost})` : ''}
        </p>
        <p className="flex flex-wrap gap-x-4">
          <span>
            <Trans>State:</Trans> <strong data-testid="booking-status">{listLabels.status[booking.status]}</strong>
            {booking.cancelReason ? ` (${labels.cancelReason[booking.cancelReason]})` : ''}
          </span>
          <span>
            <Trans>Payment:</Trans> <strong data-testid="booking-payment-state">{listLabels.paymentState[booking.paymentState]}</strong>
          </span>
        </p>
      </div>

      <p role="status" aria-live="polite" className="font-medium" data-testid="booking-notice">
        {notice}
      </p>
      {sendError ? (
        <p role="alert" className="rounded-md border-2 border-error p-4 font-medium">
          {sendError}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2 print:hidden" role="group" aria-label={t`Actions`}>
        {booking.actions.recordPayment ? (
          <Button onClick={() => setOpen('payment')} data-testid="action-payment">
            <Trans>Record payment</Trans>
          </Button>
        ) : null}
        {booking.actions.sendPaymentLink ? (
          <Button
            variant="outline"
            disabled={actions.link.isPending}
            data-testid="action-payment-link"
            onClick={() => {
              setNotice('')
              actions.link.mutate(undefined, { onSuccess: () => setNotice(t`A new payment link is on its way to ${booking.contact.email} (in ${visitorLanguage}).`) })
            }}
          >
            <Trans>Send payment link again</Trans>
          </Button>
        ) : null}
        {booking.actions.resendConfirmation ? (
          <Button
            variant="outline"
            disabled={actions.confirmation.isPending}
            data-testid="action-confirmation"
            onClick={() => {
              setNotice('')
              actions.confirmation.mutate(undefined, { onSuccess: () => setNotice(t`The confirmation is on its way to ${booking.contact.email} (in ${visitorLanguage}).`) })
            }}
          >
            <Trans>Send confirmation again</Trans>
          </Button>
        ) : null}
        {booking.actions.editParticipants ? (
          <Button variant="outline" onClick={() => setOpen('participants')} data-testid="action-participants">
            <Trans>Change names</Trans>
          </Button>
        ) : null}
        {booking.actions.cancel ? (
          <Button variant="danger" onClick={() => setOpen('cancel')} data-testid="action-cancel">
            <Trans>Cancel booking</Trans>
          </Button>
        ) : null}
        {booking.status === 'REQUESTED' ? (
          <Link to="/$lang/admin/sales/requests/$code" params={{ lang, code: booking.code }} className="inline-flex min-h-11 items-center underline">
            <Trans>Answer this request in the inbox</Trans>
          </Link>
        ) : null}
      </div>

      <Section id="booking-items" title={t`Booked`}>
        <ul className="space-y-4">
          {booking.items.map((item) => (
            <li key={item.id} className="rounded-md border border-gray-300 p-4" data-testid="booking-item">
              <p className="font-semibold">
                {item.offerTitle} – {item.skuTitle}
              </p>
              <p>
                <time dateTime={item.startsAt}>{whenText(item, lang)}</time> · <Plural value={item.quantity} one="# × booked" other="# × booked" /> ·{' '}
                <Plural value={item.places} one="# place" other="# places" /> · <span className="tabular-nums">{money(item.total)}</span>
                {item.extrasAmount > 0 ? (
                  <>
                    {' '}
                    (<Trans>extras {money(item.extrasAmount)}</Trans>)
                  </>
                ) : null}
              </p>
              {item.sessionId ? (
                <p className="print:hidden">
                  <Link to="/$lang/admin/sales/sessions/$sessionId/manifest" params={{ lang, sessionId: item.sessionId }} className="underline">
                    <Trans>Participants of this date (manifest)</Trans>
                  </Link>
                </p>
              ) : null}
              {item.participants.length ? (
                <>
                  <h3 className="mt-2 text-sm font-semibold">
                    <Trans>Participants</Trans>
                  </h3>
                  <ol className="list-decimal pl-5">
                    {item.participants.map((p, i) => (
                      <li key={i}>
                        {p.firstname} {p.surname}
                        {p.extras.length ? <> – {p.extras.map((e) => e.title).join(', ')}</> : null}
                      </li>
                    ))}
                  </ol>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="booking-contact" title={t`Contact`}>
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">{t`Name`}</dt>
          <dd>{name}</dd>
          <dt className="font-medium">{t`Customer`}</dt>
          <dd>{booking.contact.customerType === 'COMPANY' ? <Trans>Company: {booking.contact.company}</Trans> : t`Private person`}</dd>
          <dt className="font-medium">{t`E-mail`}</dt>
          <dd>
            <a className="underline" href={`mailto:${booking.contact.email}`}>
              {booking.contact.email}
            </a>
          </dd>
          <dt className="font-medium">{t`Phone`}</dt>
          <dd>
            <a className="underline" href={`tel:${booking.contact.phone.replace(/\s+/g, '')}`}>
              {booking.contact.phone}
            </a>
          </dd>
          <dt className="font-medium">{t`Address`}</dt>
          <dd>
            {booking.contact.address.street} {booking.contact.address.streetNumber}, {booking.contact.address.postalCode} {booking.contact.address.city},{' '}
            {booking.contact.address.country}
          </dd>
          <dt className="font-medium">{t`Language`}</dt>
          <dd data-testid="booking-language">{visitorLanguage}</dd>
        </dl>
        {booking.contact.message ? (
          <>
            <h3 className="font-semibold">
              <Trans>Message from the visitor</Trans>
            </h3>
            <blockquote className="whitespace-pre-wrap rounded-md border-l-4 border-gray-400 bg-gray-50 p-4 text-gray-900">{booking.contact.message}</blockquote>
          </>
        ) : null}
      </Section>

      <Section id="booking-money" title={t`Payments`}>
        <dl className="grid max-w-md grid-cols-[1fr_max-content] gap-x-6 gap-y-1" data-testid="booking-amounts">
          <dt>{t`Total`}</dt>
          <dd className="text-right tabular-nums">{money(booking.total)}</dd>
          <dt>{t`Paid`}</dt>
          <dd className="text-right tabular-nums">{money(booking.paid)}</dd>
          {booking.refunded > 0 || booking.refundPending > 0 ? (
            <>
              <dt>{t`Refunded`}</dt>
              <dd className="text-right tabular-nums">{money(booking.refunded)}</dd>
            </>
          ) : null}
          {booking.refundPending > 0 ? (
            <>
              <dt>{t`Refund pending`}</dt>
              <dd className="text-right tabular-nums">{money(booking.refundPending)}</dd>
            </>
          ) : null}
          <dt className="font-semibold">{t`Open amount`}</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="booking-open">
            {money(booking.open)}
          </dd>
        </dl>
        <p>
          <Trans>Payment method chosen:</Trans> {labels.paymentMethod[booking.paymentMethod]}
          {booking.paymentDeadline ? (
            <>
              {' '}
              · <Trans>to be paid by</Trans> <time dateTime={booking.paymentDeadline}>{instantText(booking.paymentDeadline, lang, timeZone)}</time>
            </>
          ) : null}
        </p>
        {booking.paymentLink ? (
          <p>
            <Trans>
              The visitor’s payment link works until <time dateTime={booking.paymentLink.expiresAt}>{instantText(booking.paymentLink.expiresAt, lang, timeZone)}</time>.
            </Trans>
          </p>
        ) : null}
        {booking.payments.length ? (
          <div className="overflow-x-auto">
            <table className="min-w-full text-left">
              <caption className="sr-only">{t`Payments of this booking`}</caption>
              <thead>
                <tr className="border-b border-gray-300">
                  <th scope="col" className="py-2 pr-4">{t`Date`}</th>
                  <th scope="col" className="py-2 pr-4">{t`Provider`}</th>
                  <th scope="col" className="py-2 pr-4">{t`Method`}</th>
                  <th scope="col" className="py-2 pr-4">{t`Source`}</th>
                  <th scope="col" className="py-2 pr-4">{t`State`}</th>
                  <th scope="col" className="py-2 pr-4 text-right">{t`Amount`}</th>
                </tr>
              </thead>
              <tbody>
                {booking.payments.map((p) => (
                  <tr key={p.id} className="border-b border-gray-200 align-top" data-testid="booking-payment">
                    <td className="py-2 pr-4">
                      <time dateTime={p.createdAt}>{instantText(p.createdAt, lang, timeZone)}</time>
                    </td>
                    <td className="py-2 pr-4">{labels.provider(p.provider)}</td>
                    <td className="py-2 pr-4">{p.method ? (labels.method[p.method as keyof typeof labels.method] ?? p.method) : '–'}</td>
                    <td className="py-2 pr-4">
                      {labels.source[p.source]}
                      {p.recordedBy ? ` (${p.recordedBy.name})` : ''}
                      {p.note ? <span className="block text-sm">{p.note}</span> : null}
                    </td>
                    <td className="py-2 pr-4">
                      {labels.paymentStatus[p.status]}
                      {p.refundDue ? <span className="block text-sm font-medium">{t`Refund due`}</span> : null}
                    </td>
                    <td className="py-2 pr-4 text-right tabular-nums">{money(p.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>
            <Trans>No payments yet.</Trans>
          </p>
        )}
        {booking.refunds.length ? (
          <>
            <h3 className="font-semibold">
              <Trans>Refunds</Trans>
            </h3>
            <ul className="space-y-1" data-testid="booking-refunds">
              {booking.refunds.map((r) => (
                <li key={r.id} data-testid="booking-refund">
                  <time dateTime={r.createdAt}>{instantText(r.createdAt, lang, timeZone)}</time> – <span className="tabular-nums">{formatMoney(r.amount, lang)}</span> –{' '}
                  {labels.provider(r.provider)} – <strong>{labels.refundStatus[r.status]}</strong>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Section>

      <Section id="booking-emails" title={t`E-mails`}>
        {booking.emails.length ? (
          <ul className="space-y-1" data-testid="booking-emails">
            {booking.emails.map((e) => (
              <li key={e.id}>
                <time dateTime={e.createdAt}>{instantText(e.createdAt, lang, timeZone)}</time> – {labels.emailKind(e.kind)} – {e.recipient}
                {e.locale ? ` (${languages[e.locale]})` : ''} – {labels.emailStatus[e.status]}
                {e.sentAt ? (
                  <>
                    {' '}
                    <time dateTime={e.sentAt}>{instantText(e.sentAt, lang, timeZone)}</time>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>
            <Trans>No e-mails about this booking.</Trans>
          </p>
        )}
      </Section>

      <Section id="booking-history" title={t`History`}>
        {booking.history.length ? (
          <ul className="space-y-2" data-testid="booking-history">
            {booking.history.map((change) => (
              <li key={change.id}>
                <time dateTime={change.at}>{instantText(change.at, lang, timeZone)}</time> – <strong>{labels.historyAction(change.action)}</strong> –{' '}
                {change.actor ? change.actor.name : t`Visitor, operator API or system`}
                {change.changes.length ? (
                  <ul className="list-disc pl-5 text-sm">
                    {change.changes.map((c, i) => (
                      <li key={i}>
                        {c.field}: {'before' in c ? `${valueText(c.before)} → ` : ''}
                        {valueText(c.after)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>
            <Trans>No changes since the booking was made.</Trans>
          </p>
        )}
      </Section>

      {/* Always there while the action applies (the dialog gives focus back to its button when it closes); a new version starts its form afresh. */}
      {booking.actions.recordPayment ? <PaymentDialog key={`payment-${booking.version}`} open={open === 'payment'} {...dialogProps} /> : null}
      {booking.actions.editParticipants ? <ParticipantsDialog key={`participants-${booking.version}`} open={open === 'participants'} {...dialogProps} /> : null}
      {booking.actions.cancel ? <CancelDialog key={`cancel-${booking.version}`} open={open === 'cancel'} {...dialogProps} visitorLanguage={visitorLanguage} /> : null}
    </div>
  )
}
