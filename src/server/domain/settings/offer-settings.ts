import { eq, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db, Tx } from '~/server/db/client'
import { offers, shops, type ShopConfigBody } from '~/server/db/schema'
import { conflict, invalidFields, notFound, type FieldErrors } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import { localIcon } from '~/server/domain/icons'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { SHOP_CHANGED } from './notify'
import { isPlainText } from './rules'

export type OfferSettings = components['schemas']['OfferSettings']
export type OfferSettingsView = { version: number; updatedAt: string; settings: OfferSettings; usage: Record<string, number> }

export function offerSettingsOf(config: ShopConfigBody): OfferSettings {
  return {
    tags: config.tags.map((tag) => ({ slug: tag.slug, label: { ...tag.label }, ...(tag.icon ? { icon: tag.icon } : {}) })),
    filterConfig: { ...config.filterConfig },
  }
}

/** How many of the shop's offers have each tag. */
async function tagUsage(db: Db | Tx, shopId: string): Promise<Record<string, number>> {
  const rows = await db.select({ tags: offers.tags }).from(offers).where(eq(offers.shopId, shopId))
  const usage: Record<string, number> = {}
  for (const row of rows) for (const slug of row.tags) usage[slug] = (usage[slug] ?? 0) + 1
  return usage
}

const shopNotFound = () => notFound('settings.not_found', 'This shop does not exist.')

export async function getOfferSettings(db: Db, shopId: string): Promise<OfferSettingsView> {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId))
  if (!row) throw shopNotFound()
  return { version: row.version, updatedAt: row.updatedAt.toISOString(), settings: offerSettingsOf(row.config), usage: await tagUsage(db, shopId) }
}

/** What the schema cannot check: unique slugs, plain-text labels, a label in some language, icons that exist. */
export function offerSettingsProblems(settings: OfferSettings): FieldErrors {
  const errors: FieldErrors = {}
  const seen = new Set<string>()
  settings.tags.forEach((tag, i) => {
    if (seen.has(tag.slug)) errors[`settings.tags.${i}.slug`] = { code: 'tag.duplicate' }
    seen.add(tag.slug)
    for (const [lang, text] of Object.entries(tag.label)) if (text && !isPlainText(text)) errors[`settings.tags.${i}.label.${lang}`] = { code: 'plain_text' }
    if (!Object.values(tag.label).some((t) => t?.trim())) errors[`settings.tags.${i}.label.de`] = { code: 'required' }
    if (tag.icon) {
      const [prefix, name] = tag.icon.split(':') as [string, string]
      if (!localIcon(prefix, name)) errors[`settings.tags.${i}.icon`] = { code: 'icon.unknown' }
    }
  })
  return errors
}

/**
 * Saves the tags and the overview's filters if `version` is still the shop's. A removed tag is
 * taken off the offers that had it, each such offer's history saying so.
 */
export async function updateOfferSettings(db: Db, actor: StaffPrincipal, input: { version: number; settings: OfferSettings }, now: Date): Promise<OfferSettingsView> {
  const problems = offerSettingsProblems(input.settings)
  if (Object.keys(problems).length) throw invalidFields(problems)
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(shops).where(eq(shops.id, actor.shopId)).for('update')
    if (!row) throw shopNotFound()
    if (row.version !== input.version) {
      throw conflict('settings.version_conflict', 'The settings were changed in the meantime. Please reload and try again.', { version: row.version })
    }
    const before = offerSettingsOf(row.config)
    const kept = new Set(input.settings.tags.map((t) => t.slug))
    for (const slug of before.tags.map((t) => t.slug).filter((s) => !kept.has(s))) {
      const changed = await tx
        .update(offers)
        .set({ tags: sql`${offers.tags} - ${slug}::text`, version: sql`${offers.version} + 1`, updatedAt: now })
        .where(sql`${offers.shopId} = ${actor.shopId} and ${offers.tags} ? ${slug}`)
        .returning({ id: offers.id })
      for (const offer of changed) {
        await recordChange(tx, { shopId: actor.shopId, subject: 'offer', subjectId: offer.id, actorId: actor.staffId, action: 'tag_removed', changes: [{ field: 'tags', before: slug }], at: now })
      }
    }
    const config: ShopConfigBody = { ...row.config, tags: input.settings.tags, filterConfig: input.settings.filterConfig }
    const [saved] = await tx.update(shops).set({ config, version: sql`${shops.version} + 1`, updatedAt: now }).where(eq(shops.id, actor.shopId)).returning()
    await recordChange(tx, { shopId: actor.shopId, subject: 'settings', subjectId: actor.shopId, actorId: actor.staffId, action: 'updated', before: settingsForHistory(before), after: settingsForHistory(input.settings), at: now })
    await tx.execute(sql`select pg_notify(${SHOP_CHANGED}, ${actor.shopId})`)
    return { version: saved!.version, updatedAt: saved!.updatedAt.toISOString(), settings: offerSettingsOf(saved!.config), usage: await tagUsage(tx, actor.shopId) }
  })
}

/** Tags keyed by slug, so the history names the tag changed (`tags.hiking.icon`), not its position. */
function settingsForHistory(settings: OfferSettings) {
  return { tags: Object.fromEntries(settings.tags.map((t) => [t.slug, { label: t.label, icon: t.icon ?? '' }])), filterConfig: settings.filterConfig }
}
