import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings, customers } from '~/server/db/schema'
import { notFound } from '~/server/domain/errors'
import { listChanges } from '~/server/domain/history/change-log'
import type { CustomerRow } from './link'

export type Customer = components['schemas']['Customer']
export type CustomerListItem = components['schemas']['CustomerListItem']
export type CustomerTotals = components['schemas']['CustomerTotals']
export type CustomerListQuery = {
  q?: string
  type?: 'PRIVATE' | 'COMPANY'
  sort?: 'name' | '-name' | 'lastBooking' | '-lastBooking' | 'booked' | '-booked' | 'paid' | '-paid'
  page?: number
  perPage?: number
}

/** Who asks: the staff member's shop and its currency (totals are in it). */
export type CustomerScope = { shopId: string; currency: string; now: Date; locale: string }

/** Bookings that stand: their total counts as booked and their open amount as open. */
export const STANDING = ['CONFIRMED', 'ACCEPTED', 'PAID'] as const

/** At most this many bookings are listed on a customer's page (the newest). */
export const CUSTOMER_BOOKINGS_LIMIT = 500

export const customerNotFound = () => notFound('customer.not_found', 'This customer does not exist.')

type Aggregates = { bookings: number; booked: number; paid: number; open: number; lastBookingAt: Date | null }

const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)))
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/**
 * The totals per customer, as one SQL fragment (a derived table with `customer_id` and the
 * sums), for the shop. `booked`/`open`: bookings that stand, in the shop's currency; `paid`:
 * succeeded payments less succeeded refunds, over all bookings.
 */
function totalsTable(scope: CustomerScope, only?: SQL): SQL {
  const standing = sql.join(
    STANDING.map((s) => sql`${s}`),
    sql`, `,
  )
  return sql`(
    select b.customer_id,
      count(*)::int as bookings,
      coalesce(sum(b.total_amount) filter (where b.status in (${standing}) and b.currency = ${scope.currency}), 0)::bigint as booked,
      coalesce(sum(b.open_amount) filter (where b.status in (${standing}) and b.currency = ${scope.currency}), 0)::bigint as open,
      max(b.created_at) as last_booking_at,
      coalesce((select sum(p.amount) from payments p join bookings pb on pb.id = p.booking_id
        where pb.shop_id = ${scope.shopId} and pb.customer_id = b.customer_id and p.status = 'succeeded' and p.currency = ${scope.currency}), 0)::bigint
      - coalesce((select sum(r.amount) from refunds r join bookings rb on rb.id = r.booking_id
        where rb.shop_id = ${scope.shopId} and rb.customer_id = b.customer_id and r.status = 'succeeded' and r.currency = ${scope.currency}), 0)::bigint as paid
    from bookings b
    where b.shop_id = ${scope.shopId} and b.customer_id is not null ${only ? sql`and ${only}` : sql``}
    group by b.customer_id
  )`
}

const money = (amount: number, currency: string) => ({ amount, currency })

function totalsOf(a: Aggregates | undefined, currency: string): CustomerTotals {
  return {
    bookings: a?.bookings ?? 0,
    booked: money(a?.booked ?? 0, currency),
    paid: money(a?.paid ?? 0, currency),
    open: money(a?.open ?? 0, currency),
  }
}

/** Escapes `%`, `_` and `\` of a text searched with LIKE. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The customers of the shop, searched, filtered, sorted and paged (one query for the page, one for the count). */
export async function listCustomers(db: Db, scope: CustomerScope, query: CustomerListQuery): Promise<{ data: CustomerListItem[]; meta: { page: number; perPage: number; total: number } }> {
  const page = query.page ?? 1
  const perPage = query.perPage ?? 25
  const conditions: SQL[] = [sql`c.shop_id = ${scope.shopId}`]
  if (query.type) conditions.push(sql`c.type = ${query.type}`)
  // Control characters match nothing (and PostgreSQL cannot compare U+0000).
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  const q = query.q?.replace(/[\u0000-\u001F\u007F]/g, '').trim()
  if (q) {
    const like = likeText(q.toLowerCase())
    const digits = q.replace(/\D/g, '').replace(/^0+/, '')
    conditions.push(sql`c.erased_at is null`)
    conditions.push(sql`(
      lower(c.person->>'firstname' || ' ' || (c.person->>'surname')) like ${like}
      or lower((c.person->>'surname') || ' ' || (c.person->>'firstname')) like ${like}
      or lower(coalesce(c.company, '')) like ${like}
      or c.email like ${like}
      ${digits.length >= 3 && /^[\d\s+()/.-]+$/.test(q) ? sql`or regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g') like ${likeText(digits)}` : sql``}
    )`)
  }
  const where = sql.join(conditions, sql` and `)
  const nameKey = sql`lower(case when c.type = 'COMPANY' and c.company is not null then c.company else (c.person->>'surname') || ' ' || (c.person->>'firstname') end)`
  const sort = query.sort ?? 'name'
  const descending = sort.startsWith('-')
  const dir = descending ? sql`desc` : sql`asc`
  const key = sort.replace('-', '')
  const order =
    key === 'lastBooking'
      ? sql`t.last_booking_at ${dir} nulls last, ${nameKey} asc, c.id asc`
      : key === 'booked'
        ? sql`coalesce(t.booked, 0) ${dir}, ${nameKey} asc, c.id asc`
        : key === 'paid'
          ? sql`coalesce(t.paid, 0) ${dir}, ${nameKey} asc, c.id asc`
          : sql`${nameKey} ${dir}, c.id ${dir}`

  const [counted] = rowsOf<{ total: number | string }>(await db.execute(sql`select count(*)::int as total from customers c where ${where}`))
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select c.id, c.type, c.company, c.person, c.email, c.phone, c.erased_at,
        t.bookings, t.booked, t.paid, t.open, t.last_booking_at
      from customers c
      left join ${totalsTable(scope)} t on t.customer_id = c.id
      where ${where}
      order by ${order}
      limit ${perPage} offset ${(page - 1) * perPage}
    `),
  )
  return {
    data: rows.map((r) => {
      const person = (typeof r.person === 'string' ? JSON.parse(r.person) : r.person) as { firstname: string; surname: string }
      return {
        id: String(r.id),
        type: r.type as 'PRIVATE' | 'COMPANY',
        company: (r.company as string | null) ?? null,
        person: { firstname: person.firstname, surname: person.surname },
        email: String(r.email),
        phone: (r.phone as string | null) ?? null,
        totals: totalsOf(aggregatesOf(r), scope.currency),
        lastBookingAt: toDate(r.last_booking_at)?.toISOString() ?? null,
        erased: r.erased_at !== null && r.erased_at !== undefined,
      }
    }),
    meta: { page, perPage, total: Number(counted?.total ?? 0) },
  }
}

function aggregatesOf(r: Record<string, unknown>): Aggregates | undefined {
  if (r.bookings === null || r.bookings === undefined) return undefined
  return {
    bookings: Number(r.bookings),
    booked: Number(r.booked ?? 0),
    paid: Number(r.paid ?? 0),
    open: Number(r.open ?? 0),
    lastBookingAt: toDate(r.last_booking_at),
  }
}

/** The customer row of the shop (optionally locked for a change), or 404. */
export async function customerRow(db: Db, shopId: string, customerId: string, lock = false): Promise<CustomerRow> {
  if (!customerId) throw customerNotFound()
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.shopId, shopId), eq(customers.id, customerId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw customerNotFound()
  return row
}

/** The totals of one customer. */
export async function customerAggregates(db: Db, scope: CustomerScope, customerId: string): Promise<Aggregates | undefined> {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`select * from ${totalsTable(scope, sql`b.customer_id = ${customerId}`)} t`))
  return row ? aggregatesOf(row) : undefined
}

/** A customer as the staff see it: details, totals, bookings (newest first) and history. */
export async function customerView(db: Db, scope: CustomerScope, row: CustomerRow): Promise<Customer> {
  const aggregates = await customerAggregates(db, scope, row.id)
  const list = await db
    .select({
      id: bookings.id,
      code: bookings.code,
      status: bookings.status,
      mode: bookings.mode,
      createdAt: bookings.createdAt,
      total: bookings.totalAmount,
      open: bookings.openAmount,
      currency: bookings.currency,
    })
    .from(bookings)
    .where(and(eq(bookings.shopId, scope.shopId), eq(bookings.customerId, row.id)))
    .orderBy(desc(bookings.createdAt), asc(bookings.id))
    .limit(CUSTOMER_BOOKINGS_LIMIT)
  const starts = new Map<string, Date>()
  if (list.length) {
    const firsts = await db
      .select({ bookingId: bookingItems.bookingId, start: sql<unknown>`min(${bookingItems.startsAt})` })
      .from(bookingItems)
      .where(and(inArray(bookingItems.bookingId, list.map((b) => b.id)), isNotNull(bookingItems.startsAt)))
      .groupBy(bookingItems.bookingId)
    for (const f of firsts) {
      const d = toDate(f.start)
      if (d) starts.set(f.bookingId, d)
    }
  }
  return {
    id: row.id,
    type: row.type,
    company: row.company ?? null,
    person: { firstname: row.person.firstname, surname: row.person.surname },
    email: row.email,
    phone: row.phone ?? null,
    address: row.address ?? null,
    note: row.note ?? null,
    version: row.version,
    erasedAt: row.erasedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    totals: totalsOf(aggregates, scope.currency),
    lastBookingAt: aggregates?.lastBookingAt?.toISOString() ?? null,
    bookings: list.map((b) => ({
      code: b.code,
      status: b.status,
      mode: b.mode,
      createdAt: b.createdAt.toISOString(),
      firstStart: starts.get(b.id)?.toISOString() ?? null,
      total: money(b.total, b.currency),
      open: money(b.open, b.currency),
    })),
    history: await listChanges(db, scope.shopId, 'customer', row.id),
  }
}

/** One customer of the shop, or 404. */
export async function getCustomer(db: Db, scope: CustomerScope, customerId: string): Promise<Customer> {
  return customerView(db, scope, await customerRow(db, scope.shopId, customerId))
}
