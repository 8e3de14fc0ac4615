import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { MySession, MySessionBooking, MySessionExtra } from '~/api/admin-my-sessions.queries'
import type { Locale } from '~/lib/locale'
import { localParts, timeRange } from '../planning/format'

/** A phone number as a `tel:` address (spaces and separators left out). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

const extrasText = (extras: MySessionExtra[]) => extras.map((e) => (e.quantity > 1 ? `${e.quantity}× ${e.title}` : e.title)).join(', ')

/**
 * One date or private booking of "My sessions" as a card: time and offer, a private booking
 * labelled as such (a request not answered yet said so), a cancelled date marked in words,
 * meeting point and place, places taken (dates), the other guides and the extras to bring; the
 * participants in a disclosure (open on the first card), per booking the person who booked with
 * a call link.
 */
export function SessionCard(props: { session: MySession; timeZone: string; lang: Locale; open: boolean }) {
  const { session, timeZone, lang, open } = props
  const { t } = useLingui()
  const start = localParts(session.startsAt, timeZone)
  const when = timeRange({ ...start, endsAt: session.endsAt }, timeZone, lang)
  const cancelled = session.status === 'cancelled'
  // Copies kept offline before private bookings were listed have no `kind`: dates.
  const privateBooking = session.kind === 'booking'
  const headingId = `my-session-${session.id}`
  return (
    <article aria-labelledby={headingId} className={`min-w-0 rounded-lg border p-4 ${cancelled ? 'border-2 border-gray-900' : 'border-gray-300'}`} data-testid="my-session" data-session={session.id}>
      <h3 id={headingId} className="break-words text-lg font-semibold">
        <time dateTime={session.startsAt}>{when}</time> {session.offerTitle}
      </h3>
      {privateBooking ? (
        <p className="text-sm text-gray-700" data-testid="my-session-kind">
          <Trans>Private booking</Trans>
          {session.bookingStatus === 'REQUESTED' ? (
            <>
              {' · '}
              <Trans>request not answered yet</Trans>
            </>
          ) : null}
        </p>
      ) : null}
      {cancelled ? (
        <p className="mt-1 inline-flex items-center gap-1 rounded border-2 border-gray-900 px-2 font-semibold" data-testid="my-session-cancelled">
          <span aria-hidden="true">⚠</span>
          <Trans>Cancelled: this date does not take place.</Trans>
        </p>
      ) : null}
      <dl className="mt-2 space-y-1 break-words">
        {session.meetingPoint ? (
          <div>
            <dt className="inline font-semibold">
              <Trans>Meeting point:</Trans>
            </dt>{' '}
            <dd className="inline">{session.meetingPoint}</dd>
          </div>
        ) : null}
        {session.location ? (
          <div>
            <dt className="inline font-semibold">
              <Trans>Place:</Trans>
            </dt>{' '}
            <dd className="inline">{session.location}</dd>
          </div>
        ) : null}
        {privateBooking ? null : (
          <div>
            <dt className="inline font-semibold">
              <Trans>Places:</Trans>
            </dt>{' '}
            <dd className="inline">
              <Trans>
                {session.placesTaken} of {session.capacity} taken
              </Trans>
            </dd>
          </div>
        )}
        <div>
          <dt className="inline font-semibold">
            <Trans>Other guides:</Trans>
          </dt>{' '}
          <dd className="inline">{session.otherGuides.length ? session.otherGuides.join(', ') : t`none`}</dd>
        </div>
        {session.extras.length ? (
          <div>
            <dt className="inline font-semibold">
              <Trans>Extras:</Trans>
            </dt>{' '}
            <dd className="inline">{extrasText(session.extras)}</dd>
          </div>
        ) : null}
      </dl>
      <details className="mt-3" open={open}>
        <summary className="flex min-h-11 cursor-pointer items-center rounded-md px-1 font-semibold focus-visible:outline-3 focus-visible:outline-accent">
          <Plural value={session.participants} one="# participant" other="# participants" />
        </summary>
        {session.bookings.length ? (
          <ul className="mt-2 space-y-3" aria-label={t`Bookings of ${session.offerTitle} ${start.time}`}>
            {session.bookings.map((booking) => (
              <BookingItem key={booking.code} booking={booking} />
            ))}
          </ul>
        ) : (
          <p className="mt-2">
            <Trans>No bookings.</Trans>
          </p>
        )}
      </details>
    </article>
  )
}

function BookingItem({ booking }: { booking: MySessionBooking }) {
  const { t } = useLingui()
  const booker = `${booking.booker.firstname} ${booking.booker.surname}`.trim()
  const named = booking.participants.filter((p) => `${p.firstname}${p.surname}`.trim())
  const unnamed = Math.max(0, booking.places - named.length)
  return (
    <li className="rounded-md bg-gray-50 p-3" data-testid="my-session-booking">
      <p className="break-words">
        <span className="font-semibold">{booker}</span>
        {booking.booker.company ? <span> ({booking.booker.company})</span> : null} · <span className="font-mono">{booking.code}</span> ·{' '}
        <Plural value={booking.places} one="# place" other="# places" />
      </p>
      {booking.booker.phone ? (
        <a
          href={telHref(booking.booker.phone)}
          // whom the number reaches, with the number shown (the visible text is part of the name)
          aria-label={`${t`Call ${booker}:`} ${booking.booker.phone}`}
          className="mt-1 inline-flex min-h-11 items-center gap-2 rounded-md border border-gray-400 px-3 font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-accent"
        >
          <span aria-hidden="true">📞</span>
          {booking.booker.phone}
        </a>
      ) : null}
      {named.length ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {named.map((p, index) => (
            <li key={index} className="break-words">
              {`${p.firstname} ${p.surname}`.trim()}
              {p.skuTitle ? <span className="text-sm"> · {p.skuTitle}</span> : null}
              {p.extras.length ? (
                <span className="block text-sm">
                  <Trans>Extras: {extrasText(p.extras)}</Trans>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {unnamed > 0 ? (
        <p className="mt-1 text-sm">
          <Plural value={unnamed} one="# place without a name" other="# places without a name" />
        </p>
      ) : null}
    </li>
  )
}
