import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/server/db/client'
import { shopDomains } from '~/server/db/schema'
import { conflict, invalidField, notFound } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { SHOP_CHANGED } from './notify'

/** A host name of letters, digits and hyphens, at least one dot, a top-level label of letters (as `npm run shop -- domain`). */
export const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/
/** At most this many custom domains per shop. */
export const MAX_DOMAINS = 20

export type ShopDomains = { hostedAddress: string; domains: { domain: string; primary: boolean }[] }

async function list(db: Db | Tx, shopId: string, hostedDomain: string): Promise<ShopDomains> {
  const rows = await db.select().from(shopDomains).where(eq(shopDomains.shopId, shopId)).orderBy(asc(shopDomains.domain))
  return { hostedAddress: `${shopId}.${hostedDomain}`, domains: rows.map((r) => ({ domain: r.domain, primary: r.primary })) }
}

export const listShopDomains = (db: Db, shopId: string, hostedDomain: string) => list(db, shopId, hostedDomain)

const domainNotFound = () => notFound('domain.not_found', 'The shop has no such domain.')

/** The shop's domains after a change in `tx`: recorded, announced to every process (links and lookups change). */
async function changed(tx: Tx, actor: StaffPrincipal, action: string, domain: string, hostedDomain: string, now: Date) {
  await recordChange(tx, { shopId: actor.shopId, subject: 'settings', subjectId: actor.shopId, actorId: actor.staffId, action, changes: [{ field: 'domains', after: domain }], at: now })
  await tx.execute(sql`select pg_notify(${SHOP_CHANGED}, ${actor.shopId})`)
  return list(tx, actor.shopId, hostedDomain)
}

/**
 * Adds a custom domain (lower case, no port). Refused: a malformed name, one below the hosted
 * domain (those addresses are the shops' own), one another shop uses (409 `domain.taken`: never
 * taken from it), more than MAX_DOMAINS. `primary`: the shop's links use it from now on.
 */
export async function addShopDomain(db: Db, actor: StaffPrincipal, input: { domain: string; primary?: boolean }, context: { hostedDomain: string; now: Date }): Promise<ShopDomains> {
  const domain = input.domain.trim().toLowerCase().replace(/\.$/, '')
  const hosted = context.hostedDomain.toLowerCase()
  if (!DOMAIN.test(domain)) throw invalidField('domain', 'domain.invalid', 'This is not a domain name (e.g. www.example.ch).')
  if (domain === hosted || domain.endsWith(`.${hosted}`) || domain.endsWith('.localhost')) {
    throw invalidField('domain', 'domain.hosted', 'Addresses below the hosting domain are the shops’ own and cannot be added.')
  }
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(shopDomains).where(eq(shopDomains.domain, domain)).for('update')
    if (existing && existing.shopId !== actor.shopId) throw conflict('domain.taken', 'Another shop uses this domain.')
    const count = await tx.select({ n: sql<number>`count(*)::int` }).from(shopDomains).where(eq(shopDomains.shopId, actor.shopId))
    if (!existing && (count[0]?.n ?? 0) >= MAX_DOMAINS) throw invalidField('domain', 'domain.too_many', `A shop has at most ${MAX_DOMAINS} domains.`, { maximum: MAX_DOMAINS })
    if (input.primary) await tx.update(shopDomains).set({ primary: false }).where(eq(shopDomains.shopId, actor.shopId))
    if (existing) await tx.update(shopDomains).set({ primary: input.primary ?? existing.primary }).where(eq(shopDomains.domain, domain))
    else await tx.insert(shopDomains).values({ domain, shopId: actor.shopId, primary: input.primary ?? false })
    return changed(tx, actor, input.primary ? 'domain_primary' : 'domain_added', domain, context.hostedDomain, context.now)
  })
}

/** Makes a domain of the shop its primary one (`primary: true`), or none primary again (`false`: links use the hosted address). */
export async function setPrimaryDomain(db: Db, actor: StaffPrincipal, domain: string, primary: boolean, context: { hostedDomain: string; now: Date }): Promise<ShopDomains> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(shopDomains).where(and(eq(shopDomains.domain, domain), eq(shopDomains.shopId, actor.shopId))).for('update')
    if (!row) throw domainNotFound()
    if (primary) await tx.update(shopDomains).set({ primary: false }).where(eq(shopDomains.shopId, actor.shopId))
    await tx.update(shopDomains).set({ primary }).where(eq(shopDomains.domain, domain))
    return changed(tx, actor, primary ? 'domain_primary' : 'domain_not_primary', domain, context.hostedDomain, context.now)
  })
}

/** Removes a domain of the shop (the shop stays at its hosted address and its other domains). */
export async function removeShopDomain(db: Db, actor: StaffPrincipal, domain: string, context: { hostedDomain: string; now: Date }): Promise<ShopDomains> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(shopDomains).where(and(eq(shopDomains.domain, domain), eq(shopDomains.shopId, actor.shopId))).returning()
    if (deleted.length === 0) throw domainNotFound()
    return changed(tx, actor, 'domain_removed', domain, context.hostedDomain, context.now)
  })
}
