import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { count } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { shopDomains, shops } from '~/server/db/schema'
import { storeMedia } from '~/server/domain/media'
import { demoShops, type DemoShop } from './demo-shops'
import { demoOffers } from './demo-offers'
import { seedOffers, topUpDemoSessions } from './seed-offers'

export const seedMediaDir = fileURLToPath(new URL('../../../seed/media', import.meta.url))

/** Inserts one shop with its domains and images (existing rows are left as they are). */
export async function seedShop(db: Db, shop: DemoShop, options: { mediaDir?: string; shared?: string[] } = {}) {
  const mediaDir = options.mediaDir ?? seedMediaDir
  await db.insert(shops).values({ id: shop.slug, config: shop.config }).onConflictDoNothing()
  for (const domain of shop.customDomains) {
    await db.insert(shopDomains).values({ domain: domain.toLowerCase(), shopId: shop.slug }).onConflictDoNothing()
  }
  for (const [id, file] of Object.entries(shop.media)) {
    const content = new Uint8Array(await readFile(join(mediaDir, file)))
    const shared = (options.shared ?? ['default']).includes(id)
    await storeMedia(db, { id, shopId: shared ? null : shop.slug, content })
  }
}

/**
 * Seeds the demo shops and their offers on first run (an empty database); returns whether it
 * did. Sessions are created relative to `now` (three months ahead).
 */
export async function seedDemoData(db: Db, options: { force?: boolean; offers?: boolean; now?: Date } = {}): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(shops)
  if (!options.force && (row?.n ?? 0) > 0) return false
  for (const shop of demoShops) await seedShop(db, shop)
  if (options.offers !== false) await seedOffers(db, demoOffers, { now: options.now ?? new Date(), mediaDir: seedMediaDir })
  return true
}

/** At every start: keeps the demo offers' sessions about three months ahead. */
export async function refreshDemoData(db: Db, now = new Date()) {
  await topUpDemoSessions(db, demoOffers, now)
}
