/**
 * The staff's bookings list (Sales → Bookings): search, filters, sorting and paging on the
 * server, for the list (`listBookings`) and its CSV export (./csv-export.ts).
 *
 * Paging is by offset with a total count, as every list of the contract (`meta: { page,
 * perPage, total }`), because the staff see "41–60 of 1 234" and sort by name, amount and date,
 * orders no index keeps (keyset paging would not spare their sort). It stays fast with 100 000
 * bookings of a shop (scripts/bench.ts, part "bookings list") because:
 * - the default order (newest first), alone or with a status filter, walks the indexes
 *   (shop, created) and (shop, status, created) and stops after the page; the count is an
 *   index-only count over the same index;
 * - a code is looked up by the unique index (shop, code) first: when it exists, only it is listed;
 * - date ranges and the offer filter are semi-joins on booking_items (shop, starts_at) and
 *   (offer, starts_at);
 * - a name search is a regular expression over the folded name (accents off; a generated
 *   column) and an e-mail search a prefix, which trigram indexes answer (pg_trgm, in PostgreSQL
 *   and PGlite; migrations 0011 and 0012); a phone
 *   search looks for the digits inside the stored number's digits (separators dropped), which a
 *   trigram index of migration 0012 answers; each reads its count in the same query (a window
 *   over the matches);
 * - sorted by name, a page is read from the btree index (shop, surname, first name) of
 *   migration 0012;
 * - the first-date order walks booking_items (shop, starts_at) and keeps each booking at its
 *   first item, so it stops after the page instead of aggregating all items;
 * - the page's details (dates, offers, payment state) are read for its ≤ 100 rows only.
 */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings, offers, payments, refunds } from '~/server/db/schema'
import { invalidFields } from '~/server/domain/errors'
import { addDays, utcToZonedDate, utcToZonedTime, zonedBoundaryToUtc } from '~/server/domain/offers/zoned-time'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import { likeLiteral, parseSearch, phoneDigitsLike, wordStartPattern } from './search'

type S = components['schemas']
export type BookingListItem = S['BookingListItem']
export type BookingListStatus = S['BookingListStatus']
export type BookingListPaymentFilter = S['BookingListPaymentFilter']
export type BookingListPaymentState = S['BookingListPaymentState']
export type BookingListSort = S['BookingListSort']

/** The filters of the list and of its export (the contract's query parameters). */
export type BookingListFilters = {
  q?: string
  offerId?: string
  from?: string
  to?: string
  status?: BookingListStatus[]
  payment?: BookingListPaymentFilter[]
  mode?: 'order' | 'request'
  channel?: 'shop' | 'embed'
  sort?: BookingListSort
  order?: 'asc' | 'desc'
}

export type BookingListQuery = BookingListFilters & {
  page?: number
  perPage?: number
}

/** Who asks: the staff member's shop, its time zone (days and times) and the staff's locale (offer titles). */
export type BookingListScope = {
  shopId: string
  timeZone: string
  locale: Locale
}

export type BookingListPage = {
  items: BookingListItem[]
  meta: { page: number; perPage: number; total: number; exportLimit: number }
}

export const DEFAULT_PER_PAGE = 25
export const MAX_PER_PAGE = 100
/** The most bookings one CSV export holds; more are refused (never a silently cut file). */
export const EXPORT_LIMIT = 50_000

/** Statuses of bookings that stand and are to be paid (a request once accepted). */
const STANDING = ['CONFIRMED', 'ACCEPTED', 'PAID'] as const

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )

/** Money received for the booking that is to be paid back (a payment marked `refund_due` not covered by its refunds). */
const refundDue = sql`exists (
  select 1 from payments p
  where p.booking_id = b.id and p.status = 'succeeded' and p.refund_due
    and p.amount > coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id and r.status <> 'failed'), 0)
)`

/** The condition of the search text (on `bookings b`), or none: its trigram indexes answer it. */
function searchCondition(q: string | undefined): SQL | null {
  const search = parseSearch(q)
  if (search.kind === 'email') {
    return sql`lower(b.person->>'email') like ${`${likeLiteral(search.prefix)}%`}`
  }
  if (search.kind === 'phone') {
    // The digits anywhere in the number's digits: the expression of the trigram index
    // bookings_search_phone_trgm_idx (migration 0012), character for character.
    return sql`regexp_replace(coalesce(b.person->>'phone', ''), '[^0-9]', '', 'g') like ${phoneDigitsLike(search.digits)}`
  }
  if (search.kind === 'name') {
    // Each word starts a word of "first name surname company", both sides folded (accents off):
    // the generated column search_name (foldedNameSql(), migration 0012) and its trigram index.
    const haystack = sql`b.search_name`
    const words = sql.join(
      search.words.map((w) => sql`${haystack} ~ ${wordStartPattern(w)}`),
      sql` and `,
    )
    return search.emailPrefix ? sql`((${words}) or lower(b.person->>'email') like ${`${likeLiteral(search.emailPrefix)}%`})` : sql`(${words})`
  }
  return null
}

/**
 * The SQL condition of the filters (on `bookings b`); a code found by `codeHit` replaces the
 * search text. A search text is matched first, on its own, in a materialised CTE `matched` (a
 * fence the planner does not cross): left among the other conditions, the planner may walk the newest-first index
 * and fold every booking's name to test it (1.6 s instead of 0.1 s with 100 000 bookings).
 */
function conditions(scope: BookingListScope, filters: BookingListFilters, codeHit: string | null, searched: boolean): SQL[] {
  const where: SQL[] = [sql`b.shop_id = ${scope.shopId}`]
  if (codeHit) where.push(sql`b.code = ${codeHit}`)
  else if (searched) where.push(sql`b.id in (select id from matched)`)
  if (filters.status?.length) where.push(sql`b.status in (${list(filters.status)})`)
  if (filters.mode) where.push(sql`b.mode = ${filters.mode}`)
  if (filters.channel) where.push(sql`b.channel = ${filters.channel}`)
  if (filters.offerId || filters.from || filters.to) {
    const item: SQL[] = [sql`bi.shop_id = ${scope.shopId}`]
    if (filters.offerId) item.push(sql`bi.offer_id = ${filters.offerId}`)
    if (filters.from) item.push(sql`bi.starts_at >= ${zonedBoundaryToUtc(filters.from, 0, scope.timeZone).toISOString()}`)
    if (filters.to) item.push(sql`bi.starts_at < ${zonedBoundaryToUtc(addDays(filters.to, 1), 0, scope.timeZone).toISOString()}`)
    where.push(sql`b.id in (select bi.booking_id from booking_items bi where ${sql.join(item, sql` and `)})`)
  }
  if (filters.payment?.length) {
    const states = new Set(filters.payment)
    const either: SQL[] = []
    if (states.has('paid')) either.push(sql`(b.status in (${list(STANDING)}) and b.open_amount <= 0 and not ${refundDue})`)
    if (states.has('open')) either.push(sql`(b.status in (${list(STANDING)}) and b.open_amount > 0 and not ${refundDue})`)
    if (states.has('refund_due')) either.push(refundDue)
    where.push(sql`(${sql.join(either, sql` or `)})`)
  }
  return where
}

/** The list's order: the chosen column, then a tie-break on the booking, so that pages never overlap. */
function orderBy(scope: BookingListScope, filters: BookingListFilters): { order: SQL; from: SQL } {
  const dir = filters.order === 'asc' ? sql`asc` : sql`desc`
  switch (filters.sort ?? 'createdAt') {
    case 'total':
      return {
        order: sql`b.total_amount ${dir}, b.created_at ${dir}, b.id ${dir}`,
        from: sql`bookings b`,
      }
    case 'name':
      return {
        // The database's collation orders accented letters (PostgreSQL's usual `en_US.UTF-8`: `Zürcher` beside `Zurcher`).
        // The index bookings_shop_name_idx (migration 0012) has these expressions: a page is read from it, not sorted.
        order: sql`lower(b.person->>'surname') ${dir}, lower(b.person->>'firstname') ${dir}, b.id ${dir}`,
        from: sql`bookings b`,
      }
    case 'startsAt':
      // Each booking once, at its first item: walking the items by (shop, starts_at) in either
      // direction meets the bookings in the order of their first date, so the page stops early
      // (no aggregate over all the shop's items).
      return {
        order: sql`f.starts_at ${dir}, b.id ${dir}`,
        from: sql`booking_items f join bookings b on b.id = f.booking_id and f.shop_id = ${scope.shopId}
          and not exists (select 1 from booking_items e where e.booking_id = f.booking_id and (e.starts_at < f.starts_at or (e.starts_at = f.starts_at and e.id < f.id)))`,
      }
    default:
      return { order: sql`b.created_at ${dir}, b.id ${dir}`, from: sql`bookings b` }
  }
}

type PageRow = {
  id: string
  code: string
  status: BookingListStatus
  mode: 'order' | 'request'
  channel: 'shop' | 'embed'
  locale: string
  created_at: Date | string
  person: {
    firstname?: string
    surname?: string
    email?: string
    phone?: string
  }
  customer: { company?: string } | null
  total_amount: number
  open_amount: number
  currency: string
  payment_method: BookingListItem['paymentMethod']
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** The code the search names when the shop has such a booking (looked up by the unique index). */
async function codeHitOf(db: Db, scope: BookingListScope, q: string | undefined): Promise<string | null> {
  const search = parseSearch(q)
  if (search.kind !== 'name' || !search.code) return null
  const [hit] = await db
    .select({ code: bookings.code })
    .from(bookings)
    .where(and(eq(bookings.shopId, scope.shopId), eq(bookings.code, search.code)))
  return hit?.code ?? null
}

/** Refuses filters that cannot be met (a reversed range), as field errors. */
function checkFilters(filters: BookingListFilters) {
  if (filters.from && filters.to && filters.to < filters.from) throw invalidFields({ to: { code: 'range.reversed' } })
}

/** A prepared query of the list: count it, or read a slice of it in its order (with the count, read in the same scan). */
export type BookingSelection = {
  count: () => Promise<number>
  slice: (limit: number, offset: number) => Promise<BookingListItem[]>
  sliceCounted: (limit: number, offset: number) => Promise<{ items: BookingListItem[]; total: number | null }>
  /** Whether the selection is a search that scans the shop's rows (its count is best read with the page). */
  scans: boolean
}

/**
 * The bookings of the shop that match `filters`, as a selection to count and slice; `asOf`
 * leaves out bookings made after it (an export reads in slices and must not see new rows shift
 * the offsets).
 */
export async function selectBookings(db: Db, scope: BookingListScope, filters: BookingListFilters, asOf?: Date): Promise<BookingSelection> {
  checkFilters(filters)
  const codeHit = await codeHitOf(db, scope, filters.q)
  const search = codeHit ? null : searchCondition(filters.q)
  const where = conditions(scope, filters, codeHit, search !== null)
  if (asOf) where.push(sql`b.created_at <= ${asOf.toISOString()}`)
  const condition = sql.join(where, sql` and `)
  const matched = search ? sql`with matched as materialized (select b.id from bookings b where b.shop_id = ${scope.shopId} and ${search})` : sql``
  const { order, from } = orderBy(scope, filters)
  const read = (limit: number, offset: number, counted: boolean) =>
    db.execute(sql`
      ${matched}
      select b.id, b.code, b.status, b.mode, b.channel, b.locale, b.created_at, b.person, b.customer,
        b.total_amount, b.open_amount, b.currency, b.payment_method ${counted ? sql`, count(*) over () as total_count` : sql``}
      from ${from}
      where ${condition}
      order by ${order}
      limit ${limit} offset ${offset}`)
  return {
    scans: search !== null,
    count: async () => {
      const [row] = rowsOf<{ total: number | string }>(await db.execute(sql`${matched} select count(*)::int as total from bookings b where ${condition}`))
      return Number(row?.total ?? 0)
    },
    slice: async (limit, offset) => toItems(db, scope, rowsOf<PageRow>(await read(limit, offset, false))),
    sliceCounted: async (limit, offset) => {
      const rows = rowsOf<PageRow & { total_count: number | string }>(await read(limit, offset, true))
      return { items: await toItems(db, scope, rows), total: rows.length ? Number(rows[0]!.total_count) : null }
    },
  }
}

/** One page of the list with the total count. */
export async function listBookings(db: Db, scope: BookingListScope, query: BookingListQuery): Promise<BookingListPage> {
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, query.perPage ?? DEFAULT_PER_PAGE))
  const page = Math.max(1, query.page ?? 1)
  const selection = await selectBookings(db, scope, query)
  const offset = (page - 1) * perPage
  // A search scans the shop's rows once: the count comes with the page (a window over the matches).
  // Else the page walks an index and stops early, and the count is a separate (index-only) count,
  // unless the page is not full: then it ends the list and is the count.
  if (selection.scans) {
    const { items, total } = await selection.sliceCounted(perPage, offset)
    return { items, meta: { page, perPage, total: total ?? (offset === 0 ? 0 : await selection.count()), exportLimit: EXPORT_LIMIT } }
  }
  const items = await selection.slice(perPage, offset)
  const total = items.length < perPage && (items.length > 0 || offset === 0) ? offset + items.length : await selection.count()
  return { items, meta: { page, perPage, total, exportLimit: EXPORT_LIMIT } }
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v))

/** The rows with their dates, offers, participants and payment state (read for these rows only). */
async function toItems(db: Db, scope: BookingListScope, rows: PageRow[]): Promise<BookingListItem[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [items, paid, refunded] = await Promise.all([
    db
      .select({
        bookingId: bookingItems.bookingId,
        offerId: bookingItems.offerId,
        startsAt: bookingItems.startsAt,
        quantity: bookingItems.quantity,
        participants: sql<number>`jsonb_array_length(${bookingItems.participants})`,
      })
      .from(bookingItems)
      .where(inArray(bookingItems.bookingId, ids))
      .orderBy(asc(bookingItems.bookingId), asc(bookingItems.position), asc(bookingItems.startsAt)),
    db
      .select({
        id: payments.id,
        bookingId: payments.bookingId,
        amount: payments.amount,
        refundDue: payments.refundDue,
      })
      .from(payments)
      .where(and(inArray(payments.bookingId, ids), eq(payments.status, 'succeeded'))),
    db
      .select({
        bookingId: refunds.bookingId,
        paymentId: refunds.paymentId,
        amount: refunds.amount,
        status: refunds.status,
      })
      .from(refunds)
      .where(and(inArray(refunds.bookingId, ids), ne(refunds.status, 'failed'))),
  ])
  const offerIds = [...new Set(items.map((i) => i.offerId))]
  const titles = new Map(
    offerIds.length
      ? (
          await db
            .select({ id: offers.id, title: offers.title })
            .from(offers)
            .where(and(eq(offers.shopId, scope.shopId), inArray(offers.id, offerIds)))
        ).map((o) => [o.id, pickText(o.title, scope.locale)])
      : [],
  )
  return rows.map((row) => {
    const own = items.filter((i) => i.bookingId === row.id)
    const first = own.reduce<Date | null>((min, i) => (!min || i.startsAt < min ? i.startsAt : min), null)
    const ownPayments = paid.filter((p) => p.bookingId === row.id)
    const ownRefunds = refunded.filter((r) => r.bookingId === row.id)
    const person = row.person ?? {}
    return {
      code: row.code,
      status: row.status,
      mode: row.mode,
      channel: row.channel,
      locale: (['de', 'en', 'fr'].includes(row.locale) ? row.locale : 'de') as Locale,
      createdAt: toDate(row.created_at).toISOString(),
      firstStart: first
        ? {
            startsAt: first.toISOString(),
            date: utcToZonedDate(first, scope.timeZone),
            time: utcToZonedTime(first, scope.timeZone),
          }
        : null,
      offers: [...new Set(own.map((i) => titles.get(i.offerId) ?? ''))].filter(Boolean).slice(0, 50),
      person: {
        firstname: person.firstname ?? '',
        surname: person.surname ?? '',
      },
      company: row.customer?.company?.trim() ? row.customer.company : null,
      email: person.email ?? '',
      phone: person.phone ?? '',
      // A private slot is one place for several people: whichever is more, named participants or places.
      participants: own.reduce((sum, i) => sum + Math.max(Number(i.participants), i.quantity), 0),
      total: { amount: row.total_amount, currency: row.currency },
      openAmount: { amount: row.open_amount, currency: row.currency },
      paymentState: paymentStateOf(row, ownPayments, ownRefunds),
      paymentMethod: row.payment_method,
    }
  })
}

/**
 * What is paid of a booking, as the list shows it (the SQL of the `payment` filter decides the
 * same way): money to be paid back first, then, for bookings that stand, what is still open.
 */
export function paymentStateOf(
  booking: {
    status: BookingListStatus
    total_amount: number
    open_amount: number
  },
  succeeded: { id: string; amount: number; refundDue: boolean }[],
  refundsOf: { paymentId: string; amount: number; status: string }[],
): BookingListPaymentState {
  const refundedOf = (paymentId: string) => refundsOf.filter((r) => r.paymentId === paymentId).reduce((sum, r) => sum + r.amount, 0)
  if (succeeded.some((p) => p.refundDue && p.amount > refundedOf(p.id))) return 'refund_due'
  if ((STANDING as readonly string[]).includes(booking.status)) {
    if (booking.open_amount <= 0) return 'paid'
    return booking.open_amount < booking.total_amount ? 'partially_paid' : 'unpaid'
  }
  if (refundsOf.some((r) => r.status === 'succeeded')) return 'refunded'
  return 'none'
}
