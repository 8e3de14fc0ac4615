import { eq, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db } from '~/server/db/client'
import { bookings, shops, skus, type ShopConfigBody } from '~/server/db/schema'
import { conflict, invalidFields, notFound } from '~/server/domain/errors'
import { listChanges, recordChange, type ChangeRecord } from '~/server/domain/history/change-log'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { sanitizeRichText } from '~/server/rich-text'
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, paymentOptionsOf } from '~/lib/shop-settings'
import { SHOP_CHANGED } from './notify'
import { generalSettingsProblems } from './rules'
import { policyOf } from '~/server/domain/manage/policy'

export type GeneralSettings = components['schemas']['GeneralSettings']
export type GeneralSettingsView = { version: number; updatedAt: string; settings: GeneralSettings }

const LEGAL = ['imprint', 'privacyPolicy', 'terms'] as const

/** The general settings as the staff app edits them, with the defaults a shop that names none has. */
export function generalSettingsOf(config: ShopConfigBody): GeneralSettings {
  const booking = config.booking ?? {}
  return {
    labels: { title: { ...config.labels.title }, slogan: { ...config.labels.slogan } },
    languages: config.languages.length ? [...config.languages] : ['de'],
    contact: structuredClone(config.contact),
    timeZone: config.timeZone || DEFAULT_TIME_ZONE,
    currency: config.currency || DEFAULT_CURRENCY,
    legal: structuredClone(config.legal),
    media: { ...config.media },
    theme: { colorPalette: structuredClone(config.theme.colorPalette ?? {}) },
    booking: {
      holdMinutes: booking.holdMinutes ?? 15,
      paymentLinkDays: booking.paymentLinkDays ?? 30,
      stockLowThreshold: booking.stockLowThreshold ?? 3,
      paymentOptions: [...paymentOptionsOf(config)],
      ...(booking.payNowMinutes !== undefined && { payNowMinutes: booking.payNowMinutes }),
      ...(booking.maxPlacesPerCart !== undefined && { maxPlacesPerCart: booking.maxPlacesPerCart }),
      // Visitors' cancellations and moves (src/server/domain/manage/policy.ts), with its defaults filled in.
      ...(booking.cancellationPolicy && { cancellationPolicy: policyOf(booking.cancellationPolicy) }),
    },
    embed: { allowedOrigins: [...(config.embed?.allowedOrigins ?? [])] },
  }
}

/** The legal texts as they are stored and shown: sanitised (the same rules as when a page shows them). */
function sanitisedLegal(legal: GeneralSettings['legal']): ShopConfigBody['legal'] {
  return Object.fromEntries(
    LEGAL.map((key) => [key, Object.fromEntries(Object.entries(legal[key]).map(([lang, html]) => [lang, sanitizeRichText(html ?? '')]))]),
  ) as ShopConfigBody['legal']
}

/** The configuration with the general settings put in; what they do not cover (tags, filters, provider) is kept. */
function withGeneralSettings(config: ShopConfigBody, settings: GeneralSettings): ShopConfigBody {
  const legal = sanitisedLegal(settings.legal)
  return {
    ...config,
    labels: settings.labels,
    languages: settings.languages,
    contact: settings.contact,
    timeZone: settings.timeZone,
    currency: settings.currency,
    legal,
    media: settings.media,
    theme: { ...config.theme, colorPalette: settings.theme.colorPalette },
    booking: { ...config.booking, ...settings.booking },
    embed: { ...config.embed, allowedOrigins: settings.embed.allowedOrigins },
  }
}

const settingsNotFound = () => notFound('settings.not_found', 'This shop does not exist.')

export async function getGeneralSettings(db: Db, shopId: string): Promise<GeneralSettingsView> {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId))
  if (!row) throw settingsNotFound()
  return { version: row.version, updatedAt: row.updatedAt.toISOString(), settings: generalSettingsOf(row.config) }
}

/**
 * Saves the general settings if `version` is still the shop's (409 `settings.version_conflict`),
 * records what changed and tells every process of the shop to read its configuration again
 * (`NOTIFY`, delivered when the transaction commits).
 */
export async function updateGeneralSettings(
  db: Db,
  actor: StaffPrincipal,
  input: { version: number; settings: GeneralSettings },
  now: Date,
): Promise<GeneralSettingsView> {
  const problems = generalSettingsProblems(input.settings)
  if (Object.keys(problems).length) throw invalidFields(problems)
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(shops).where(eq(shops.id, actor.shopId)).for('update')
    if (!row) throw settingsNotFound()
    if (row.version !== input.version) {
      throw conflict('settings.version_conflict', 'The settings were changed in the meantime. Please reload and try again.', { version: row.version })
    }
    // Compared as shown: a text stored before it was ever sanitised is not "changed" by saving it unedited.
    const before = generalSettingsOf({ ...row.config, legal: sanitisedLegal(row.config.legal) })
    const config = withGeneralSettings(row.config, input.settings)
    if (config.currency !== before.currency) {
      const [booked] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.shopId, actor.shopId)).limit(1)
      if (booked) throw invalidFields({ 'settings.currency': { code: 'currency.locked' } }, 'The currency cannot change once the shop has bookings.')
      await tx.update(skus).set({ currency: config.currency! }).where(eq(skus.shopId, actor.shopId))
    }
    const [saved] = await tx
      .update(shops)
      .set({ config, version: sql`${shops.version} + 1`, updatedAt: now })
      .where(eq(shops.id, actor.shopId))
      .returning()
    await recordChange(tx, { shopId: actor.shopId, subject: 'settings', subjectId: actor.shopId, actorId: actor.staffId, action: 'updated', before, after: generalSettingsOf(config), at: now })
    await tx.execute(sql`select pg_notify(${SHOP_CHANGED}, ${actor.shopId})`)
    return { version: saved!.version, updatedAt: saved!.updatedAt.toISOString(), settings: generalSettingsOf(saved!.config) }
  })
}

/** Who changed the shop's settings, when, and what (newest first). */
export function getSettingsHistory(db: Db, shopId: string): Promise<ChangeRecord[]> {
  return listChanges(db, shopId, 'settings', shopId)
}
