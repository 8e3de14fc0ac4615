import { useState, type DragEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { PlanningGuide } from '~/api/admin-planning.queries'
import type { PlanningTarget } from './targets'
import { useBookingStatusLabels } from '../bookings/status-labels'
import type { Locale } from '~/lib/locale'
import { timeRange } from './format'
import { AvailabilityMark, useAvailabilityText } from './labels'

/** The drag data type of a member's name dragged from the staff panel (its value: the member's id). */
export const STAFF_DRAG_TYPE = 'application/x-flowin-staff-id'

export type CardActions = {
  onAssign: (session: PlanningTarget) => void
  onRemove: (session: PlanningTarget, guide: PlanningGuide) => void
  onDropGuide: (session: PlanningTarget, staffId: string) => void
}

/**
 * A date or a private booking on the board: time, offer, places taken of the capacity (a
 * booking: its code, participants and status), guides assigned of those needed ("Not enough guides" in words when short), each guide as a chip with their answer for
 * the date and a remove button, and "Assign guide…" (the keyboard's way; dropping a member's
 * name from the staff panel onto the card does the same).
 */
export function SessionCard(props: CardActions & { session: PlanningTarget; lang: Locale; timeZone: string }) {
  const { t } = useLingui()
  const availabilityText = useAvailabilityText()
  const [over, setOver] = useState(false)
  const { session } = props
  const titleId = `planning-session-${session.id}`
  const time = timeRange(session, props.timeZone, props.lang)
  const offer = session.offerTitle
  const start = session.time
  const taken = session.placesTaken
  const capacity = session.capacity
  const assigned = session.guides.length
  const needed = session.guidesNeeded
  const carriesStaff = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes(STAFF_DRAG_TYPE)
  const onDragOver = (e: DragEvent) => {
    if (!carriesStaff(e)) return
    e.preventDefault()
    e.dataTransfer.dropEffect = 'copy'
    if (!over) setOver(true)
  }
  const onDrop = (e: DragEvent) => {
    setOver(false)
    const staffId = e.dataTransfer?.getData(STAFF_DRAG_TYPE)
    if (!staffId) return
    e.preventDefault()
    props.onDropGuide(session, staffId)
  }
  const isBooking = session.kind === 'booking'
  return (
    <article
      aria-labelledby={titleId}
      data-testid={isBooking ? 'planning-private-booking' : 'planning-session'}
      data-session={session.id}
      data-understaffed={session.understaffed || undefined}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`space-y-1.5 rounded-md p-2 text-sm shadow-sm ${isBooking ? 'bg-gray-50' : 'bg-white'} ${session.understaffed ? 'border-2 border-error' : isBooking ? 'border border-dashed border-gray-500' : 'border border-gray-400'} ${over ? 'outline-3 outline-offset-2 outline-accent' : ''}`}
    >
      <h4 id={titleId} className="leading-snug">
        <span className="block font-semibold tabular-nums">{time}</span>{' '}
        <span className="block font-medium">{offer}</span>
      </h4>
      {isBooking ? (
        <BookingLines session={session} lang={props.lang} />
      ) : (
        <p>
          <span aria-hidden="true" className="tabular-nums">
            {taken} / {capacity}
          </span>
          <span className="sr-only">
            <Trans>
              {taken} of {capacity} places booked
            </Trans>
          </span>
          {session.closed ? (
            <span>
              {' · '}
              <Trans>Closed for booking</Trans>
            </span>
          ) : null}
        </p>
      )}
      <p>
        <span aria-hidden="true">
          <Trans>
            Guides: {assigned} / {needed}
          </Trans>
        </span>
        <span className="sr-only">
          <Trans>
            {assigned} of {needed} guides assigned
          </Trans>
        </span>
        {session.understaffed ? (
          <strong className="mt-0.5 flex items-center gap-1 font-semibold text-error" data-testid="understaffed">
            <span aria-hidden="true">⚠</span>
            <Trans>Not enough guides</Trans>
          </strong>
        ) : null}
      </p>
      {session.guides.length ? (
        <ul className="flex flex-wrap gap-1" aria-label={t`Guides of ${offer} ${start}`}>
          {session.guides.map((guide) => {
            const name = guide.name
            const reason = guide.overrideReason
            return (
              <li key={guide.staffId} className="inline-flex max-w-full items-center gap-1 rounded-full border border-gray-400 bg-gray-50 py-0.5 pl-1 pr-0.5">
                <AvailabilityMark value={guide.availability} text={availabilityText(guide.availability)} />
                <span className="min-w-0 break-words">
                  {name}
                  {reason ? (
                    <span className="block text-xs">
                      <Trans>Exception: {reason}</Trans>
                    </span>
                  ) : null}
                </span>
                <button
                  type="button"
                  onClick={() => props.onRemove(session, guide)}
                  aria-label={t`Remove ${name} from ${offer} ${start}`}
                  className="inline-flex min-h-6 min-w-6 shrink-0 items-center justify-center rounded-full leading-none hover:bg-black/10 focus-visible:outline-3 focus-visible:outline-accent"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
      <button
        type="button"
        data-assign
        onClick={() => props.onAssign(session)}
        className="inline-flex min-h-8 items-center rounded-md border-2 border-primary px-2 text-xs font-medium text-primary hover:bg-primary hover:text-on-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <Trans>Assign guide…</Trans>{' '}
        <span className="sr-only">
          {offer} {start}
        </span>
      </button>
    </article>
  )
}

/** What a private booking's card says instead of places: its booking (a link), its participants and status. */
function BookingLines(props: { session: PlanningTarget; lang: Locale }) {
  const status = useBookingStatusLabels()
  const { session } = props
  return (
    <>
      <p>
        <Trans>Private booking</Trans>
        {' · '}
        <Link
          to="/$lang/admin/sales/bookings/$code"
          params={{ lang: props.lang, code: session.bookingCode ?? '' }}
          className="font-medium text-primary underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          {session.bookingCode}
        </Link>
      </p>
      <p>
        <Plural value={session.placesTaken} one="# participant" other="# participants" />
        {session.bookingStatus ? ` · ${status[session.bookingStatus]}` : null}
      </p>
    </>
  )
}
