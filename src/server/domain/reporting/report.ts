/**
 * The staff app's reports (issue 21, point 6; `getReport` of openapi/admin.yaml): bookings,
 * participants, revenue and occupancy per ISO week or month of the shop's calendar and per
 * offer, the channels the bookings came through and the requests' answer times. The range and
 * its periods are the finance views' (at most 400 days, 120 periods); a fixed number of
 * queries, each bounded by the range and the shop and starting from an index.
 */
import type { Db } from '~/server/db/client'
import { checkRange, periodOf, periodsOf } from '~/server/domain/finance/periods'
import type { Locale } from '~/lib/locale'
import { bookingsPerOffer, bookingsPerPeriod } from './bookings'
import { channelsOf } from './channels'
import { addFigures, noRequests, zeroFigures, type Report, type ReportFigures, type ReportOffer } from './figures'
import { sessionsPerOffer } from './occupancy'
import { offerNames } from './offers'
import { requestFiguresOf, requestsOf } from './requests'
import type { ReportQuery, ReportScope } from './where'

/** The contract lists at most this many offers. */
export const MAX_OFFERS = 500

export type ReportInput = { from: string; to: string; granularity: ReportQuery['granularity']; offerId?: string; locale: Locale }

export async function buildReport(db: Db, scope: ReportScope, input: ReportInput): Promise<Report> {
  const range = checkRange(input.from, input.to)
  const periods = periodsOf(range, input.granularity)
  const query: ReportQuery = { range, granularity: input.granularity, ...(input.offerId === undefined ? {} : { offerId: input.offerId }) }
  const [shopBookings, offerBookings, offerSessions, channels, requests] = await Promise.all([
    // With an offer, its own rows are the period's figures.
    query.offerId === undefined ? bookingsPerPeriod(db, scope, query) : Promise.resolve([]),
    bookingsPerOffer(db, scope, query),
    sessionsPerOffer(db, scope, query),
    channelsOf(db, scope, query),
    requestsOf(db, scope, query),
  ])

  const byPeriod = new Map(periods.map((p) => [p.start, { figures: zeroFigures(), requests: noRequests() }]))
  // The database's period start is the calendar's here; only the range's own days were counted.
  const periodAt = (start: string) => byPeriod.get(start) ?? byPeriod.get(periodOf(start, input.granularity).start)
  const byOffer = new Map<string, ReportFigures>()
  const offerFigures = (id: string) => byOffer.get(id) ?? byOffer.set(id, zeroFigures()).get(id)!

  for (const row of shopBookings) {
    const period = periodAt(row.start)
    if (period) addFigures(period.figures, { bookings: row.bookings, cancelled: row.cancelled, revenue: row.revenue })
  }
  for (const row of offerBookings) {
    const { bookings, cancelled, participants, revenue } = row
    addFigures(offerFigures(row.offerId), { bookings, cancelled, participants, revenue })
    const period = periodAt(row.start)
    if (!period) continue
    // Places add up over offers; bookings and revenue do so only within one offer.
    addFigures(period.figures, query.offerId === undefined ? { participants } : { bookings, cancelled, participants, revenue })
  }
  for (const row of offerSessions) {
    const { sessions, capacity, placesTaken } = row
    addFigures(offerFigures(row.offerId), { sessions, capacity, placesTaken })
    const period = periodAt(row.start)
    if (period) addFigures(period.figures, { sessions, capacity, placesTaken })
  }
  for (const row of requests.perPeriod) {
    const period = periodAt(row.start)
    if (period) period.requests = requestFiguresOf(row)
  }

  const total = zeroFigures()
  for (const period of byPeriod.values()) addFigures(total, period.figures)
  const names = await offerNames(db, scope.shopId, [...byOffer.keys()], input.locale)
  const offers: ReportOffer[] = [...byOffer]
    .flatMap(([offerId, figures]) => {
      const name = names.get(offerId)
      return name ? [{ offerId, ...name, figures }] : []
    })
    .sort((a, b) => b.figures.revenue - a.figures.revenue || b.figures.bookings - a.figures.bookings || a.title.localeCompare(b.title) || a.offerId.localeCompare(b.offerId))
    .slice(0, MAX_OFFERS)

  return {
    from: range.from,
    to: range.to,
    granularity: input.granularity,
    ...(query.offerId === undefined ? {} : { offerId: query.offerId }),
    timeZone: scope.timeZone,
    currency: scope.currency,
    periods: periods.map((p) => ({ ...p, ...byPeriod.get(p.start)! })),
    offers,
    channels,
    requests: requests.total,
    total,
  }
}
