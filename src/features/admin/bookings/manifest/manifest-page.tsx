import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { manifestCsvUrl, type SessionManifest } from '~/api/admin-booking-detail.queries'
import type { Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/money'
import { useBookingListLabels } from '../list/labels'
import { whenText } from '../detail/format'

/** Printing: the staff app's menu and header are left out, the list fills the page. */
const PRINT_CSS = `@media print {
  [data-layout="admin"] > header, #admin-sidebar, [data-layout="admin"] > a[href="#main"] { display: none !important; }
  [data-layout="admin"] main { padding: 0 !important; }
  .manifest-table { font-size: 10pt; }
  .manifest-table tr { break-inside: avoid; }
}`

/**
 * The participants of one session, for the guides: date, place and meeting point, occupancy,
 * and one row per participant (extras, booking, the person who booked and their phone, and what
 * is still to be paid). Printable (the menu is hidden) and as CSV.
 */
export function ManifestPage(props: { manifest: SessionManifest; sessionId: string; lang: Locale }) {
  const { manifest, sessionId, lang } = props
  const { t } = useLingui()
  const labels = useBookingListLabels()
  const { session } = manifest
  // Without money figures it is a guide's view: no sales pages (bookings) to link to either.
  const withMoney = manifest.openTotal !== undefined
  const money = (amount: number) => formatMoney(amount, manifest.currency, lang)
  const free = Math.max(0, session.capacity - session.placesTaken)
  return (
    <div className="space-y-6">
      <style>{PRINT_CSS}</style>
      <div className="space-y-1">
        <p className="print:hidden">
          {withMoney ? (
            <Link to="/$lang/admin/sales/bookings" params={{ lang }} className="underline">
              <Trans>Back to the bookings</Trans>
            </Link>
          ) : (
            <Link to="/$lang/admin" params={{ lang }} className="underline">
              <Trans>Back to the dashboard</Trans>
            </Link>
          )}
        </p>
        <h1 className="text-3xl font-semibold">
          <Trans>Participants: {manifest.offerTitle}</Trans>
        </h1>
        <p className="text-lg">
          <time dateTime={session.startsAt}>{whenText({ date: session.date, time: session.time, endTime: manifest.endTime }, lang)}</time>
          {session.status === 'cancelled' ? (
            <strong>
              {' '}
              – <Trans>this date is cancelled</Trans>
            </strong>
          ) : null}
        </p>
        {manifest.location ? (
          <p>
            <Trans>Place:</Trans> {manifest.location}
          </p>
        ) : null}
        {manifest.meetingPoint ? (
          <p>
            <Trans>Meeting point:</Trans> {manifest.meetingPoint}
          </p>
        ) : null}
        <p data-testid="manifest-occupancy">
          <Plural value={manifest.participants} one="# participant" other="# participants" /> ·{' '}
          <Plural value={manifest.bookings} one="# booking" other="# bookings" /> ·{' '}
          <Trans>
            {session.placesTaken} of {session.capacity} places taken, {free} free
          </Trans>
          {withMoney && manifest.openTotal ? (
            <>
              {' '}
              · <Trans>open: {money(manifest.openTotal)}</Trans>
            </>
          ) : null}
        </p>
        <p className="flex flex-wrap gap-4 print:hidden">
          <button type="button" className="min-h-11 underline" onClick={() => window.print()}>
            <Trans>Print</Trans>
          </button>
          <a href={manifestCsvUrl(sessionId, lang)} download className="inline-flex min-h-11 items-center underline" data-testid="manifest-csv">
            <Trans>Download as CSV</Trans>
          </a>
        </p>
      </div>
      {manifest.rows.length ? (
        <div className="overflow-x-auto">
          <table className="manifest-table min-w-full text-left">
            <caption className="sr-only">{t`Participants of this date`}</caption>
            <thead>
              <tr className="border-b-2 border-gray-400">
                <th scope="col" className="py-2 pr-3">
                  <Trans>Participant</Trans>
                </th>
                <th scope="col" className="py-2 pr-3">
                  <Trans>Extras</Trans>
                </th>
                <th scope="col" className="py-2 pr-3">
                  <Trans>Booking</Trans>
                </th>
                <th scope="col" className="py-2 pr-3">
                  <Trans>Booked by</Trans>
                </th>
                <th scope="col" className="py-2 pr-3">
                  <Trans>Phone</Trans>
                </th>
                {withMoney ? (
                  <>
                    <th scope="col" className="py-2 pr-3">
                      <Trans>Payment</Trans>
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      <Trans>Open</Trans>
                    </th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {manifest.rows.map((row) => (
                <tr key={`${row.bookingCode}-${row.position}`} className={`align-top ${row.position === 1 ? 'border-t border-gray-300' : ''}`} data-testid="manifest-row">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    {`${row.firstname} ${row.surname}`.trim() || <span className="italic">{t`(no name)`}</span>}
                    {row.skuTitle ? <span className="block text-sm">{row.skuTitle}</span> : null}
                  </th>
                  <td className="py-2 pr-3">{row.extras.join(', ') || '–'}</td>
                  <td className="py-2 pr-3">
                    {withMoney ? (
                      <Link to="/$lang/admin/sales/bookings/$code" params={{ lang, code: row.bookingCode }} className="font-mono underline">
                        {row.bookingCode}
                      </Link>
                    ) : (
                      <span className="font-mono">{row.bookingCode}</span>
                    )}
                  </td>
                  <td className="py-2 pr-3">
                    {row.booker.firstname} {row.booker.surname}
                    {row.booker.company ? <span className="block text-sm">{row.booker.company}</span> : null}
                  </td>
                  <td className="py-2 pr-3">
                    <a className="underline" href={`tel:${row.booker.phone.replace(/\s+/g, '')}`}>
                      {row.booker.phone}
                    </a>
                  </td>
                  {withMoney ? (
                    <>
                      <td className="py-2 pr-3">{row.paymentState ? labels.paymentState[row.paymentState] : ''}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{row.open !== undefined && row.open > 0 ? money(row.open) : ''}</td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>
          <Trans>Nobody has booked this date yet.</Trans>
        </p>
      )}
    </div>
  )
}
