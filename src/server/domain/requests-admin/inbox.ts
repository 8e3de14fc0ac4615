/**
 * The requests inbox of the staff app: unseen first, then newest; open or answered; searched by
 * code, name or e-mail; paged on the server. And the sidebar's counts.
 */
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm'
import { bookings } from '~/server/db/schema'
import { toListItem, itemsOf, type RequestCounts, type RequestScope, type StaffRequestListItem } from './view'
import { asBookingCode, containsPattern, normaliseSearch } from './search'

export type RequestListQuery = { status?: 'open' | 'answered'; q?: string; page?: number; perPage?: number }

function filterOf(shopId: string, query: RequestListQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(bookings.shopId, shopId), eq(bookings.mode, 'request')]
  if (query.status === 'open') conditions.push(eq(bookings.status, 'REQUESTED'))
  if (query.status === 'answered') conditions.push(ne(bookings.status, 'REQUESTED'))
  const q = normaliseSearch(query.q)
  if (q) {
    const pattern = containsPattern(q)
    const code = asBookingCode(q)
    conditions.push(
      or(
        ilike(bookings.code, pattern),
        code ? eq(bookings.code, code) : undefined,
        sql`${bookings.person}->>'firstname' ilike ${pattern}`,
        sql`${bookings.person}->>'surname' ilike ${pattern}`,
        sql`(${bookings.person}->>'firstname') || ' ' || (${bookings.person}->>'surname') ilike ${pattern}`,
        sql`${bookings.person}->>'email' ilike ${pattern}`,
      ),
    )
  }
  return and(...conditions)!
}

/** One page of the shop's requests (unseen first, then newest first) and how many match in all. */
export async function listStaffRequests(scope: RequestScope, query: RequestListQuery): Promise<{ data: StaffRequestListItem[]; meta: { page: number; perPage: number; total: number } }> {
  const page = query.page ?? 1
  const perPage = query.perPage ?? 25
  const where = filterOf(scope.shop.id, query)
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(bookings)
      .where(where)
      .orderBy(asc(bookings.seen), desc(bookings.createdAt), desc(bookings.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    scope.db.select({ n: count() }).from(bookings).where(where),
  ])
  const items = await itemsOf(scope, rows.map((r) => r.id))
  return { data: rows.map((row) => toListItem(row, items.get(row.id) ?? [])), meta: { page, perPage, total: Number(total?.n ?? 0) } }
}

/** Unseen requests and those waiting for an answer: one query over the shop's requests. */
export async function requestCounts(scope: Pick<RequestScope, 'db' | 'shop'>): Promise<RequestCounts> {
  const [row] = await scope.db
    .select({
      unseen: sql<number>`count(*) filter (where not ${bookings.seen})`,
      open: sql<number>`count(*) filter (where ${bookings.status} = 'REQUESTED')`,
    })
    .from(bookings)
    .where(and(eq(bookings.shopId, scope.shop.id), eq(bookings.mode, 'request'), or(eq(bookings.seen, false), eq(bookings.status, 'REQUESTED'))))
  return { unseen: Number(row?.unseen ?? 0), open: Number(row?.open ?? 0) }
}
