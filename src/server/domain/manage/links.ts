/**
 * "Manage my booking" links: a token of 256 random bits, sent to the visitor (confirmation
 * e-mail, success page) and stored only as its SHA-256, one per booking — a new link replaces
 * the old. Like payment links, a token works only on its own shop's host.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookingManageLinks, bookings } from '~/server/db/schema'
import type { Locale } from '~/lib/locale'
import type { BookingRow } from '../bookings'
import { notFound } from '../errors'
import type { Shop } from '../shops'

const TOKEN = /^[A-Za-z0-9_-]{43}$/

export const manageTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A new manage link of the booking, in the caller's transaction (the booking's confirmation is
 * written in the same one): answers the token, which only the e-mail and the page ever see.
 */
export async function manageLinkFor(tx: Db, shop: Pick<Shop, 'id'>, bookingId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const tokenHash = manageTokenHash(token)
  await tx
    .insert(bookingManageLinks)
    .values({ tokenHash, shopId: shop.id, bookingId })
    .onConflictDoUpdate({ target: bookingManageLinks.bookingId, set: { tokenHash, createdAt: new Date() } })
  return token
}

/** The absolute URL of a manage link's page, on the shop's configured origin. */
export function manageLinkUrl(origin: string, locale: Locale, token: string) {
  return `${origin}/${locale}/aftersales/booking/${token}`
}

export const manageLinkNotFound = () => notFound('manage_link.not_found', 'This link does not exist or has been replaced.')

/** The booking of a token on this shop; any other token (malformed, unknown, replaced, another shop's) is 404. */
export async function bookingOfManageToken(db: Db, shop: Pick<Shop, 'id'>, token: string, options: { lock?: boolean } = {}): Promise<BookingRow> {
  if (!TOKEN.test(token)) throw manageLinkNotFound()
  const [link] = await db
    .select({ bookingId: bookingManageLinks.bookingId })
    .from(bookingManageLinks)
    .where(and(eq(bookingManageLinks.tokenHash, manageTokenHash(token)), eq(bookingManageLinks.shopId, shop.id)))
  if (!link) throw manageLinkNotFound()
  const query = db.select().from(bookings).where(and(eq(bookings.id, link.bookingId), eq(bookings.shopId, shop.id)))
  const [row] = options.lock ? await query.for('update') : await query
  if (!row) throw manageLinkNotFound()
  return row
}
