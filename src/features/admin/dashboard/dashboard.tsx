import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { Dashboard, DashboardDay, DashboardSales } from '~/api/admin-dashboard.queries'
import type { Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/money'
import { dayTitle, instantText, relativeDay } from './format'
import { useBookingStatusLabels } from '../bookings/status-labels'
import { GuidesStaffing } from './guides'

/** Links into pages of the sales area (built beside this one); `$lang` is filled in by the router. */
const bookingPath = (code: string) => `/$lang/admin/sales/bookings/${encodeURIComponent(code)}` as '/$lang/admin'
const requestPath = (code: string) => `/$lang/admin/sales/requests/${encodeURIComponent(code)}` as '/$lang/admin'
const manifestPath = (sessionId: string) => `/$lang/admin/sales/sessions/${encodeURIComponent(sessionId)}/manifest` as '/$lang/admin'
/** The planning board (built beside this one). */
const planningPath = '/$lang/admin/planning/board' as '/$lang/admin'
const linkClass = 'font-medium text-primary underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent'
const th = 'px-3 py-2 text-left font-semibold'
const td = 'px-3 py-2 align-top'

/** A titled card of the dashboard. */
function Card(props: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={props.id} className={`rounded-lg border border-gray-300 p-4 ${props.className ?? ''}`} data-testid={props.id}>
      <h2 id={props.id} className="text-xl font-semibold">
        {props.title}
      </h2>
      <div className="mt-3">{props.children}</div>
    </section>
  )
}

/** A table that scrolls sideways on a phone (focusable, so the keyboard can scroll it). */
function Scroll(props: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table wider than a phone scrolls: the keyboard must reach it (axe scrollable-region-focusable)
    <div role="region" aria-label={props.label} tabIndex={0} className="overflow-x-auto focus-visible:outline-3 focus-visible:outline-accent">
      {props.children}
    </div>
  )
}

function Flag(props: { children: ReactNode }) {
  return <span className="ml-2 inline-block rounded border border-gray-700 px-1.5 text-xs font-semibold uppercase tracking-wide text-gray-900">{props.children}</span>
}

/** The start page's cards for the member's role. */
export function DashboardView({ data, lang }: { data: Dashboard; lang: Locale }) {
  return (
    <div className="space-y-6" data-testid="dashboard">
      {data.scope === 'assigned' ? <AssignedSessions data={data} lang={lang} /> : <NextDays data={data} lang={lang} />}
      {data.sales ? <Sales sales={data.sales} lang={lang} timeZone={data.timeZone} /> : null}
    </div>
  )
}

/** Guides: the sessions they are assigned to. */
function AssignedSessions({ data, lang }: { data: Dashboard; lang: Locale }) {
  const { t } = useLingui()
  // Only the days on which they guide (the others would all say "Nothing planned").
  const days = data.days.filter((day) => day.sessions.length > 0)
  return (
    <Card id="dashboard-my-sessions" title={t`My next sessions`}>
      {days.length === 0 ? (
        <p>
          <Trans>You have no sessions in the next 7 days. Sessions appear here once they are assigned to you.</Trans>
        </p>
      ) : (
        <div className="space-y-4">
          {days.map((day) => (
            <DayBlock key={day.date} day={day} today={data.today} lang={lang} />
          ))}
        </div>
      )}
    </Card>
  )
}

/** Managers and owners: today and the next 6 days. */
function NextDays({ data, lang }: { data: Dashboard; lang: Locale }) {
  const { t } = useLingui()
  const understaffed = data.days.reduce((n, day) => n + day.sessions.filter((s) => !s.cancelled && s.guidesAssigned < s.guidesNeeded).length, 0)
  return (
    <Card id="dashboard-days" title={t`Today and the next 6 days`}>
      {understaffed > 0 ? (
        <p className="mb-3 font-medium" data-testid="dashboard-understaffed">
          <span aria-hidden="true">⚠ </span>
          <Plural value={understaffed} one="# date of these days has not enough guides yet." other="# dates of these days have not enough guides yet." />{' '}
          <Link to={planningPath} params={{ lang }} className={linkClass}>
            <Trans>Plan the guides</Trans>
          </Link>
        </p>
      ) : null}
      {data.truncated ? (
        <p className="mb-3 font-medium">
          <Trans>There are more dates than shown here. The sessions of each offer are listed in full with its dates.</Trans>
        </p>
      ) : null}
      <div className="space-y-5">
        {data.days.map((day) => (
          <DayBlock key={day.date} day={day} today={data.today} lang={lang} />
        ))}
      </div>
    </Card>
  )
}

function DayBlock({ day, today, lang }: { day: DashboardDay; today: string; lang: Locale }) {
  const { t } = useLingui()
  const relative = relativeDay(day.date, today)
  const title = dayTitle(day.date, lang)
  const heading = relative === 'today' ? t`Today, ${title}` : relative === 'tomorrow' ? t`Tomorrow, ${title}` : title
  const empty = day.sessions.length === 0 && day.services.length === 0
  return (
    <div data-testid="dashboard-day" data-date={day.date}>
      <h3 className="text-lg font-semibold">{heading}</h3>
      {empty ? (
        <p className="mt-1 text-gray-700">
          <Trans>Nothing planned.</Trans>
        </p>
      ) : null}
      {day.sessions.length > 0 ? <SessionsTable day={day} heading={heading} lang={lang} /> : null}
      {day.services.length > 0 ? <ServicesTable day={day} heading={heading} lang={lang} /> : null}
    </div>
  )
}

function SessionsTable({ day, heading, lang }: { day: DashboardDay; heading: string; lang: Locale }) {
  const { t } = useLingui()
  return (
    <Scroll label={t`Sessions: ${heading}`}>
      <table className="mt-2 w-full min-w-[42rem] border-collapse text-sm">
        <caption className="sr-only">{t`Sessions: ${heading}`}</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className={th}>
              <Trans>Time</Trans>
            </th>
            <th scope="col" className={th}>
              <Trans>Offer (participant list)</Trans>
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Trans>Participants to expect</Trans>
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Trans>Places taken</Trans>
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Trans>Free</Trans>
            </th>
            <th scope="col" className={th}>
              <Trans>Guides</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {day.sessions.map((s) => {
            const taken = s.placesTaken
            const capacity = s.capacity
            return (
              <tr key={s.id} className="border-b border-gray-200" data-testid="dashboard-session" data-session-id={s.id}>
                <td className={`${td} tabular-nums`}>{s.time}</td>
                <td className={td}>
                  <Link to={manifestPath(s.id)} params={{ lang }} className={linkClass}>
                    {s.offerTitle}
                  </Link>
                  {s.cancelled ? (
                    <Flag>
                      <Trans>Cancelled</Trans>
                    </Flag>
                  ) : null}
                  {s.closed && !s.cancelled ? (
                    <Flag>
                      <Trans>Closed for booking</Trans>
                    </Flag>
                  ) : null}
                </td>
                <td className={`${td} text-right tabular-nums`}>{s.participants}</td>
                <td className={`${td} text-right tabular-nums`}>
                  <Trans>
                    {taken} of {capacity}
                  </Trans>
                </td>
                <td className={`${td} text-right tabular-nums`}>{s.placesFree}</td>
                <td className={td}>
                  <GuidesStaffing needed={s.guidesNeeded} assigned={s.guidesAssigned} cancelled={s.cancelled} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </Scroll>
  )
}

function ServicesTable({ day, heading, lang }: { day: DashboardDay; heading: string; lang: Locale }) {
  const { t } = useLingui()
  const status = useBookingStatusLabels()
  return (
    <Scroll label={t`Private services: ${heading}`}>
      <table className="mt-2 w-full min-w-[36rem] border-collapse text-sm">
        <caption className="sr-only">{t`Private services: ${heading}`}</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className={th}>
              <Trans>Time</Trans>
            </th>
            <th scope="col" className={th}>
              <Trans>Private service</Trans>
            </th>
            <th scope="col" className={th}>
              <Trans>Booked by</Trans>
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Trans>Participants</Trans>
            </th>
            <th scope="col" className={th}>
              <Trans>Status</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {day.services.map((b) => (
            <tr key={`${b.bookingCode}-${b.startsAt}`} className="border-b border-gray-200" data-testid="dashboard-service">
              <td className={`${td} tabular-nums`}>{b.time}</td>
              <td className={td}>{b.offerTitle}</td>
              <td className={td}>
                <Link to={b.status === 'REQUESTED' ? requestPath(b.bookingCode) : bookingPath(b.bookingCode)} params={{ lang }} className={linkClass}>
                  {b.name || b.bookingCode}
                </Link>{' '}
                <span className="text-gray-700">({b.bookingCode})</span>
              </td>
              <td className={`${td} text-right tabular-nums`}>{b.participants}</td>
              <td className={td}>{status[b.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  )
}

/** Managers and owners: what waits for the staff, and the latest bookings. */
function Sales({ sales, lang, timeZone }: { sales: DashboardSales; lang: Locale; timeZone: string }) {
  const { t } = useLingui()
  const status = useBookingStatusLabels()
  const unseen = sales.unseenRequests.count
  const open = sales.openAmounts.count
  const totals = sales.openAmounts.totals.map((m) => formatMoney(m, lang)).join(' + ')
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="dashboard-requests" title={t`Unseen requests`}>
          <p className="text-lg" data-testid="dashboard-unseen-count">
            <Plural value={unseen} _0="No unseen requests." one="# unseen request" other="# unseen requests" />
          </p>
          {sales.unseenRequests.newest.length > 0 ? (
            <ul className="mt-2 divide-y divide-gray-200">
              {sales.unseenRequests.newest.map((r) => {
                const received = instantText(r.createdAt, lang, timeZone)
                const more = r.items - 1
                return (
                  <li key={r.code} className="py-2">
                    <Link to={requestPath(r.code)} params={{ lang }} className={linkClass}>
                      {r.name || r.code}
                    </Link>{' '}
                    <span className="text-gray-700">({r.code})</span>
                    <div className="text-sm text-gray-800">
                      {r.offerTitle}
                      {r.items > 1 ? (
                        <>
                          {' '}
                          <Plural value={more} one="and # more" other="and # more" />
                        </>
                      ) : null}
                      {' · '}
                      <Trans>received {received}</Trans>
                    </div>
                  </li>
                )
              })}
            </ul>
          ) : null}
          <p className="mt-3">
            <Link to={'/$lang/admin/sales/requests' as '/$lang/admin'} params={{ lang }} className={linkClass}>
              <Trans>All requests</Trans>
            </Link>
          </p>
        </Card>

        <Card id="dashboard-open" title={t`Open amounts`}>
          <p className="text-lg" data-testid="dashboard-open-count">
            {open === 0 ? <Trans>No booking has an open amount.</Trans> : <Plural value={open} one={`# booking owes ${totals}`} other={`# bookings owe ${totals} in all`} />}
          </p>
          {sales.openAmounts.oldest.length > 0 ? (
            <>
              <h3 className="mt-3 font-semibold">
                <Trans>Open the longest</Trans>
              </h3>
              <ul className="mt-1 divide-y divide-gray-200">
                {sales.openAmounts.oldest.map((b) => {
                  const openText = formatMoney(b.open, lang)
                  const totalText = formatMoney(b.total, lang)
                  const days = b.daysOpen
                  return (
                    <li key={b.code} className="flex flex-wrap justify-between gap-x-4 py-2">
                      <span>
                        <Link to={bookingPath(b.code)} params={{ lang }} className={linkClass}>
                          {b.name || b.code}
                        </Link>{' '}
                        <span className="text-gray-700">({b.code})</span>
                      </span>
                      <span className="tabular-nums">
                        <Trans>
                          {openText} open of {totalText}
                        </Trans>
                        {' · '}
                        <Plural value={days} _0="since today" one="for # day" other="for # days" />
                      </span>
                    </li>
                  )
                })}
              </ul>
            </>
          ) : null}
          <p className="mt-3">
            <Link to={'/$lang/admin/finance/open' as '/$lang/admin'} params={{ lang }} className={linkClass}>
              <Trans>All open amounts</Trans>
            </Link>
          </p>
        </Card>
      </div>

      <Card id="dashboard-latest" title={t`Latest bookings`}>
        {sales.latest.length === 0 ? (
          <p>
            <Trans>No bookings yet.</Trans>
          </p>
        ) : (
          <Scroll label={t`Table of the latest bookings`}>
            <table className="w-full min-w-[36rem] border-collapse text-sm">
              <thead>
                <tr className="border-b border-gray-300">
                  <th scope="col" className={th}>
                    <Trans>Code</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Name</Trans>
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    <Trans>Total</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Made</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sales.latest.map((b) => (
                  <tr key={b.code} className="border-b border-gray-200" data-testid="dashboard-latest-row">
                    <td className={`${td} font-mono`}>
                      <Link to={b.mode === 'request' && b.status === 'REQUESTED' ? requestPath(b.code) : bookingPath(b.code)} params={{ lang }} className={linkClass}>
                        {b.code}
                      </Link>
                    </td>
                    <td className={td}>{b.name}</td>
                    <td className={`${td} text-right tabular-nums`}>{formatMoney(b.total, lang)}</td>
                    <td className={td}>{status[b.status]}</td>
                    <td className={td}>{instantText(b.createdAt, lang, timeZone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        )}
        <p className="mt-3">
          <Link to={'/$lang/admin/sales/bookings' as '/$lang/admin'} params={{ lang }} className={linkClass}>
            <Trans>All bookings</Trans>
          </Link>
        </p>
      </Card>
    </>
  )
}
