/**
 * The figures of a report: the range's totals, then per period (bookings, revenue, occupancy,
 * answer time), per offer and per channel — each a chart with its table behind it.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { Report, ReportChannel } from '~/api/admin-reports.queries'
import type { Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/money'
import { count } from '../finance/format'
import { ScrollTable, td, tdNumber, th, thNumber } from '../finance/parts'
import { usePeriodNames } from '../finance/period-name'
import { BarFigure, type Bars } from './bar-figure'
import { hours, occupancyPercent, share } from './format'

type Props = { report: Report; lang: Locale }

/** "Highest: March 2026 with 42." — the words of a chart's text alternative. */
function useSummary() {
  const { t } = useLingui()
  return (what: string, bars: Bars, format: (n: number) => string) => {
    const first = bars[0]?.label ?? ''
    const last = bars.at(-1)?.label ?? ''
    const highest = bars.reduce<Bars[number] | null>((top, bar) => (top === null || bar.value > top.value ? bar : top), null)
    if (!highest || highest.value === 0) return t`Bar chart of ${what}, ${first} to ${last}: none in this range.`
    const label = highest.label
    const value = format(highest.value)
    return t`Bar chart of ${what}, ${first} to ${last}. Highest: ${label} with ${value}. The table behind the chart lists every value.`
  }
}

export function ReportBody({ report, lang }: Props) {
  const { t } = useLingui()
  const names = usePeriodNames(report.granularity, lang)
  const summary = useSummary()
  const money = (amount: number) => formatMoney(amount, report.currency, lang)
  const number = (n: number) => count(n, lang)
  const periods = report.periods
  const bars = (value: (p: Period) => number): Bars => periods.map((p) => ({ label: names.short(p), value: value(p) }))
  const bookingBars = bars((p) => p.figures.bookings)
  const revenueBars = bars((p) => p.figures.revenue)
  const occupancyBars = bars((p) => occupancyPercent(p.figures.placesTaken, p.figures.capacity))
  const answerBars = bars((p) => p.requests.medianHours ?? 0)
  const percent = (n: number) => `${number(n)} %`
  const hoursOf = (n: number) => hours(n, lang)
  const total = report.total
  return (
    <div className="space-y-8">
      <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label={t`Bookings`} value={number(total.bookings)} />
        <Figure label={t`Participants`} value={number(total.participants)} />
        <Figure label={t`Revenue`} value={money(total.revenue)} />
        <Figure label={t`Occupancy`} value={share(total.placesTaken, total.capacity, lang)} />
        <Figure label={t`Cancelled`} value={number(total.cancelled)} />
        <Figure label={t`Answer time (median)`} value={hours(report.requests.medianHours, lang)} />
      </dl>
      <p className="text-sm">
        <Trans>
          Bookings and revenue count in the period in which a booking was made, as long as it stands; cancelled ones are counted apart. The money actually
          received and refunded is in Finance. Occupancy: the places taken of the dates starting in the period.
        </Trans>
      </p>

      <div className="grid gap-6 xl:grid-cols-2">
        <BarFigure
          id="report-bookings"
          title={t`Bookings`}
          summary={summary(t`bookings`, bookingBars, number)}
          bars={bookingBars}
          format={number}
          colour="blue"
          table={
            <PeriodsTable
              caption={t`Bookings`}
              minWidth="32rem"
              periods={periods}
              name={names.long}
              columns={[
                { label: t`Bookings`, cell: (p) => number(p.figures.bookings) },
                { label: t`Participants`, cell: (p) => number(p.figures.participants) },
                { label: t`Cancelled`, cell: (p) => number(p.figures.cancelled) },
              ]}
            />
          }
        />
        <BarFigure
          id="report-revenue"
          title={t`Revenue`}
          summary={summary(t`revenue`, revenueBars, money)}
          bars={revenueBars}
          format={money}
          colour="green"
          table={
            <PeriodsTable
              caption={t`Revenue`}
              minWidth="24rem"
              periods={periods}
              name={names.long}
              columns={[
                { label: t`Revenue`, cell: (p) => money(p.figures.revenue) },
              ]}
            />
          }
        />
        <BarFigure
          id="report-occupancy"
          title={t`Occupancy of the dates`}
          summary={summary(t`occupancy in percent`, occupancyBars, percent)}
          bars={occupancyBars}
          format={percent}
          colour="violet"
          table={
            <PeriodsTable
              caption={t`Occupancy of the dates`}
              minWidth="36rem"
              periods={periods}
              name={names.long}
              columns={[
                { label: t`Dates`, cell: (p) => number(p.figures.sessions) },
                { label: t`Places`, cell: (p) => number(p.figures.capacity) },
                { label: t`Places taken`, cell: (p) => number(p.figures.placesTaken) },
                { label: t`Occupancy`, cell: (p) => share(p.figures.placesTaken, p.figures.capacity, lang) },
              ]}
            />
          }
        />
        <BarFigure
          id="report-answer-time"
          title={t`Answer time of requests (median)`}
          summary={summary(t`the median answer time of requests`, answerBars, hoursOf)}
          bars={answerBars}
          format={hoursOf}
          colour="amber"
          table={
            <PeriodsTable
              caption={t`Answer time of requests (median)`}
              minWidth="36rem"
              periods={periods}
              name={names.long}
              columns={[
                { label: t`Requests`, cell: (p) => number(p.requests.received) },
                { label: t`Answered`, cell: (p) => number(p.requests.answered) },
                { label: t`Median`, cell: (p) => hours(p.requests.medianHours, lang) },
                { label: t`90th percentile`, cell: (p) => hours(p.requests.p90Hours, lang) },
              ]}
            />
          }
        />
      </div>

      <OfferSection report={report} lang={lang} />
      <ChannelSection report={report} lang={lang} />
      <RequestSection report={report} lang={lang} />
    </div>
  )
}

type Period = Report['periods'][number]

/** The figures of a per-period chart, one row per period (its long name), one column per figure. */
function PeriodsTable(props: { caption: string; minWidth: string; periods: Period[]; name: (p: Period) => string; columns: { label: string; cell: (p: Period) => string }[] }) {
  const { t } = useLingui()
  return (
    <ScrollTable caption={props.caption} minWidth={props.minWidth}>
      <thead>
        <tr>
          <th scope="col" className={th}>
            {t`Period`}
          </th>
          {props.columns.map((c) => (
            <th key={c.label} scope="col" className={thNumber}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.periods.map((p) => (
          <tr key={p.key}>
            <th scope="row" className={`${td} font-medium`}>
              <time dateTime={p.start}>{props.name(p)}</time>
            </th>
            {props.columns.map((c) => (
              <td key={c.label} className={tdNumber}>
                {c.cell(p)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-gray-300 p-4">
      <dt className="font-medium">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  )
}

/** The chart shows the offers with the most revenue; the table lists them all. */
const OFFERS_CHARTED = 12

function OfferSection({ report, lang }: Props) {
  const { t } = useLingui()
  const summary = useSummary()
  const money = (amount: number) => formatMoney(amount, report.currency, lang)
  if (report.offers.length === 0) return null
  const bars: Bars = report.offers.slice(0, OFFERS_CHARTED).map((o) => ({ label: o.title, value: o.figures.revenue }))
  return (
    <section aria-labelledby="report-offers" className="space-y-4">
      <h2 id="report-offers" className="text-xl font-semibold">
        <Trans>Per offer</Trans>
      </h2>
      <BarFigure
        id="report-offer-revenue"
        title={t`Revenue per offer`}
        summary={summary(t`revenue per offer`, bars, money)}
        bars={bars}
        format={money}
        colour="green"
        horizontal
        table={
          <ScrollTable caption={t`Offers in this range`} minWidth="48rem">
            <thead>
              <tr>
                <th scope="col" className={th}>{t`Offer`}</th>
                <th scope="col" className={thNumber}>{t`Bookings`}</th>
                <th scope="col" className={thNumber}>{t`Participants`}</th>
                <th scope="col" className={thNumber}>{t`Revenue`}</th>
                <th scope="col" className={thNumber}>{t`Dates`}</th>
                <th scope="col" className={thNumber}>{t`Occupancy`}</th>
                <th scope="col" className={thNumber}>{t`Cancelled`}</th>
              </tr>
            </thead>
            <tbody>
              {report.offers.map((o) => (
                <tr key={o.offerId}>
                  <th scope="row" className={`${td} font-medium`}>
                    {o.title}
                  </th>
                  <td className={tdNumber}>{count(o.figures.bookings, lang)}</td>
                  <td className={tdNumber}>{count(o.figures.participants, lang)}</td>
                  <td className={tdNumber}>{money(o.figures.revenue)}</td>
                  <td className={tdNumber}>{o.kind === 'activity' ? count(o.figures.sessions, lang) : '—'}</td>
                  <td className={tdNumber}>{o.kind === 'activity' ? share(o.figures.placesTaken, o.figures.capacity, lang) : '—'}</td>
                  <td className={tdNumber}>{count(o.figures.cancelled, lang)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        }
      />
    </section>
  )
}

function useChannelName() {
  const { t } = useLingui()
  return (c: ReportChannel) => {
    if (c.channel === 'shop') return t`The shop's own pages`
    const host = c.host
    return host ? t`Widget on ${host}` : t`Widget (site unknown)`
  }
}

function ChannelSection({ report, lang }: Props) {
  const { t } = useLingui()
  const summary = useSummary()
  const name = useChannelName()
  const number = (n: number) => count(n, lang)
  const money = (amount: number) => formatMoney(amount, report.currency, lang)
  const bars: Bars = report.channels.map((c) => ({ label: name(c), value: c.bookings }))
  return (
    <section aria-labelledby="report-channels" className="space-y-4">
      <h2 id="report-channels" className="text-xl font-semibold">
        <Trans>Where visitors booked</Trans>
      </h2>
      {report.channels.length === 0 ? (
        <p>
          <Trans>No bookings in this range.</Trans>
        </p>
      ) : (
        <BarFigure
          id="report-channel-bookings"
          title={t`Bookings per channel`}
          summary={summary(t`bookings per channel`, bars, number)}
          bars={bars}
          format={number}
          colour="blue"
          horizontal
          table={
            <ScrollTable caption={t`Bookings per channel`} minWidth="32rem">
              <thead>
                <tr>
                  <th scope="col" className={th}>{t`Channel`}</th>
                  <th scope="col" className={thNumber}>{t`Bookings`}</th>
                  <th scope="col" className={thNumber}>{t`Revenue`}</th>
                </tr>
              </thead>
              <tbody>
                {report.channels.map((c) => (
                  <tr key={`${c.channel}|${c.host ?? ''}`}>
                    <th scope="row" className={`${td} font-medium`}>
                      {name(c)}
                    </th>
                    <td className={tdNumber}>{number(c.bookings)}</td>
                    <td className={tdNumber}>{money(c.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          }
        />
      )}
    </section>
  )
}

function RequestSection({ report, lang }: Props) {
  const { t } = useLingui()
  const r = report.requests
  const open = r.open
  return (
    <section aria-labelledby="report-requests" className="space-y-4">
      <h2 id="report-requests" className="text-xl font-semibold">
        <Trans>Requests</Trans>
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label={t`Received`} value={count(r.received, lang)} />
        <Figure label={t`Accepted`} value={count(r.accepted, lang)} />
        <Figure label={t`Declined`} value={count(r.declined, lang)} />
        <Figure label={t`Not answered yet`} value={count(open, lang)} />
        <Figure label={t`Answer time (median)`} value={hours(r.medianHours, lang)} />
        <Figure label={t`Answer time (90th percentile)`} value={hours(r.p90Hours, lang)} />
      </dl>
      {open > 0 ? (
        <p>
          <Plural value={open} one="# request of this range is still waiting for an answer." other="# requests of this range are still waiting for an answer." />
        </p>
      ) : null}
    </section>
  )
}
