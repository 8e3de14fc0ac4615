import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { count } from 'drizzle-orm'
import type { Db } from '../db/client'
import { shopDomains, shops } from '../db/schema'
import { storeMedia } from '../domain/media'
import { demoShops, type DemoShop } from './demo-shops'

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

/** Seeds the demo shops on first run (an empty database); returns whether it did. */
export async function seedDemoData(db: Db, options: { force?: boolean } = {}): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(shops)
  if (!options.force && (row?.n ?? 0) > 0) return false
  for (const shop of demoShops) await seedShop(db, shop)
  return true
}
