import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { components } from '../../api/schema.gen'
import type { Db } from '../db/client'
import { carts } from '../db/schema'

export type Cart = components['schemas']['Cart']

/** 144 random bits, URL-safe (24 characters). */
export function newOpaqueId() {
  return randomBytes(18).toString('base64url')
}

export const OPAQUE_ID = /^[A-Za-z0-9_-]{22,64}$/

export async function createCart(db: Db, shopId: string, locale: string): Promise<Cart> {
  const [row] = await db.insert(carts).values({ id: newOpaqueId(), shopId, locale }).returning()
  if (!row) throw new Error('cart not created')
  return { id: row.id, items: [], createdAt: row.createdAt.toISOString() }
}

/** A cart of this shop; another shop's cart is as unknown as a missing one. */
export async function findCart(db: Db, shopId: string, id: string): Promise<Cart | null> {
  if (!OPAQUE_ID.test(id)) return null
  const rows = await db
    .select()
    .from(carts)
    .where(and(eq(carts.id, id), eq(carts.shopId, shopId)))
    .limit(1)
  const row = rows[0]
  return row ? { id: row.id, items: [], createdAt: row.createdAt.toISOString() } : null
}
