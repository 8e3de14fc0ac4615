import { and, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { components } from '~/api/schema.gen'
import type { Db } from '~/server/db/client'
import { shopDomains, shops } from '~/server/db/schema'
import { resolveHost } from '~/server/tenancy'
import { sanitisePalette } from '~/lib/theme'

export type ShopConfig = components['schemas']['ShopConfig']
/** `primaryDomain`: the custom domain its links use (see the HTTP layer's public-origin module), if any. */
export type Shop = { id: string; config: ShopConfig; primaryDomain?: string | null }

export type ShopLookup =
  | { ok: true; shop: Shop }
  | { ok: false; reason: 'invalid-host' | 'unknown-shop' }

const CACHE_MS = 5_000
type Entry = { at: number; value: Shop | null }

/**
 * Finds shops by host. A short-lived cache keeps the hot path off the database. A change saved
 * in the staff app is seen at once: the saving process calls `forget`, and every other process
 * hears of it through PostgreSQL's NOTIFY (`watchShopChanges`); five seconds bound the rest
 * (`npm run shop` with the server stopped, a lost notification).
 */
export class ShopDirectory {
  private cache = new Map<string, Entry>()
  constructor(
    private db: Db,
    private options: { hostedDomain: string; defaultShop: string; now?: () => number },
  ) {}

  /** Drops what is cached of one shop (all of them without an id): its next request reads it again. */
  forget(shopId?: string): void {
    if (shopId === undefined) return this.cache.clear()
    // Unknown hosts too: one of them may be the domain just added.
    for (const [key, entry] of this.cache) if (key === `id:${shopId}` || entry.value === null || entry.value.id === shopId) this.cache.delete(key)
  }

  private now() {
    return this.options.now?.() ?? Date.now()
  }

  async byHost(hostHeader: string | null): Promise<ShopLookup> {
    const resolution = resolveHost(hostHeader, this.options.hostedDomain)
    if (resolution.kind === 'invalid') return { ok: false, reason: 'invalid-host' }
    const key =
      resolution.kind === 'custom'
        ? `domain:${resolution.domain}`
        : `id:${resolution.kind === 'default' ? this.options.defaultShop : resolution.slug}`
    const cached = this.cache.get(key)
    let shop: Shop | null
    if (cached && this.now() - cached.at < CACHE_MS) {
      shop = cached.value
    } else {
      shop =
        resolution.kind === 'custom'
          ? await this.loadByDomain(resolution.domain)
          : await this.loadById(key.slice(3))
      if (this.cache.size > 1000) this.cache.clear()
      this.cache.set(key, { at: this.now(), value: shop })
    }
    return shop ? { ok: true, shop } : { ok: false, reason: 'unknown-shop' }
  }

  async loadById(id: string): Promise<Shop | null> {
    const rows = await this.db
      .select({ id: shops.id, config: shops.config, primaryDomain: shopDomains.domain })
      .from(shops)
      .leftJoin(shopDomains, and(eq(shopDomains.shopId, shops.id), eq(shopDomains.primary, true)))
      .where(eq(shops.id, id))
      .limit(1)
    const row = rows[0]
    return row ? toShop(row.id, row.config, row.primaryDomain) : null
  }

  private async loadByDomain(domain: string): Promise<Shop | null> {
    const primary = alias(shopDomains, 'primary_domain')
    const rows = await this.db
      .select({ id: shops.id, config: shops.config, primaryDomain: primary.domain })
      .from(shopDomains)
      .innerJoin(shops, eq(shops.id, shopDomains.shopId))
      .leftJoin(primary, and(eq(primary.shopId, shops.id), eq(primary.primary, true)))
      .where(eq(shopDomains.domain, domain))
      .limit(1)
    const row = rows[0]
    return row ? toShop(row.id, row.config, row.primaryDomain) : null
  }
}

function toShop(id: string, config: Omit<ShopConfig, 'id'>, primaryDomain: string | null = null): Shop {
  // Colours reach CSS: anything but a valid rgb triple is dropped (and logged) here already.
  const colorPalette = sanitisePalette(config.theme?.colorPalette, (name, value) =>
    console.warn(`[shop ${id}] dropped invalid colour ${JSON.stringify(name)}: ${JSON.stringify(value)}`),
  )
  return { id, config: { ...config, theme: { ...config.theme, colorPalette }, id }, primaryDomain }
}
