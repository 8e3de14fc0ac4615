import { and, eq, like } from 'drizzle-orm'
import type { Tx } from '~/server/db/client'
import { offers } from '~/server/db/schema'

const MAX = 80

/** An offer's slug from its title: `Schneeschuh & Fondue` → `schneeschuh-fondue`; `ü` → `u`. */
export function slugFrom(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX - 4)
    .replace(/-+$/g, '')
  return slug || 'offer'
}

/** `base`, else `base-2`, `base-3`… — the first no offer of the shop has. */
export async function uniqueOfferSlug(tx: Tx, shopId: string, base: string): Promise<string> {
  const rows = await tx.select({ slug: offers.slug }).from(offers).where(and(eq(offers.shopId, shopId), like(offers.slug, `${base}%`)))
  const taken = new Set(rows.map((r) => r.slug))
  if (!taken.has(base)) return base
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`
}
