import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, max } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { offers, sessions, shops, skus } from '~/server/db/schema'
import { newOpaqueId } from '~/server/domain/carts'
import { storeMedia } from '~/server/domain/media'
import { addDays, utcToZonedDate, weekdayOf, zonedDateTimeToUtc } from '~/server/domain/offers/zoned-time'
import type { DemoOffer, DemoSessionPlan } from './offer-types'

/** Media id of an offer image file: `{shop}-{file without .jpg}`. */
export const offerMediaId = (shop: string, file: string) => `${shop}-${file.replace(/\.jpe?g$/i, '')}`.slice(0, 64)

/** A deterministic pseudo-random share per session, so demo data looks lived-in but repeatable. */
function jitter(seed: string) {
  let h = 2166136261
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619)
  return ((h >>> 0) % 1000) / 1000
}

/** Sessions of a plan for the days [fromDate, untilDate) in the shop's time zone. */
export function planSessions(plan: DemoSessionPlan, durationMinutes: number, timeZone: string, fromDate: string, untilDate: string) {
  const result: { startsAt: Date; endsAt: Date; capacity: number; placesTaken: number }[] = []
  for (let date = fromDate; date < untilDate; date = addDays(date, 1)) {
    if (!plan.weekdays.includes(weekdayOf(date))) continue
    for (const time of plan.times) {
      const startsAt = zonedDateTimeToUtc(date, time, timeZone)
      if (!startsAt) continue
      let taken = 0
      if (plan.soldOut) taken = plan.capacity
      else if (plan.placesLeft !== undefined) taken = Math.max(0, plan.capacity - plan.placesLeft)
      else if (plan.takenShare) taken = Math.min(plan.capacity - 1, Math.round(plan.capacity * plan.takenShare * (0.5 + jitter(date + time))))
      result.push({ startsAt, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000), capacity: plan.capacity, placesTaken: taken })
    }
  }
  return result
}

export async function seedOffers(db: Db, list: DemoOffer[], options: { now: Date; mediaDir: string }) {
  for (const [position, demo] of list.entries()) {
    const [shop] = await db.select({ config: shops.config }).from(shops).where(eq(shops.id, demo.shop))
    if (!shop) continue
    const [existing] = await db.select({ id: offers.id }).from(offers).where(and(eq(offers.shopId, demo.shop), eq(offers.slug, demo.slug)))
    if (existing) continue
    const timeZone = shop.config.timeZone || 'Europe/Zurich'
    const currency = shop.config.currency || 'CHF'
    const images: string[] = []
    for (const file of demo.images) {
      const id = offerMediaId(demo.shop, file)
      await storeMedia(db, { id, shopId: demo.shop, content: new Uint8Array(await readFile(join(options.mediaDir, 'offers', file))) })
      images.push(id)
    }
    const offerId = newOpaqueId()
    await db.insert(offers).values({
      id: offerId,
      shopId: demo.shop,
      slug: demo.slug,
      title: demo.title,
      intro: demo.intro,
      description: demo.description,
      images,
      tags: demo.tags,
      location: demo.location,
      meetingPoint: demo.meetingPoint ?? null,
      uponRequest: demo.uponRequest ?? false,
      related: demo.related,
      schedule: demo.schedule ?? null,
      extras: demo.extras ?? [],
      participantsPerGuide: demo.staffing?.participantsPerGuide ?? null,
      preparationMinutes: demo.staffing?.preparationMinutes ?? 0,
      position,
    })
    await db.insert(skus).values(
      demo.skus.map((sku, index) => ({
        id: newOpaqueId(),
        shopId: demo.shop,
        offerId,
        key: sku.key,
        type: sku.type,
        title: sku.title,
        priceAmount: sku.price,
        currency,
        durationMinutes: sku.durationMinutes,
        blockCount: sku.blockCount ?? 1,
        maxParticipants: sku.maxParticipants ?? null,
        minQuantity: sku.minQuantity ?? 0,
        maxQuantity: sku.maxQuantity ?? (sku.type === 'private-service-slot' ? 1 : 20),
        position: index,
      })),
    )
    if (demo.sessions) {
      const today = utcToZonedDate(options.now, timeZone)
      const planned = planSessions(demo.sessions, demo.skus[0]?.durationMinutes ?? 60, timeZone, addDays(today, 1), addDays(today, 1 + demo.sessions.weeks * 7))
      if (planned.length) {
        await db.insert(sessions).values(planned.map((s) => ({ id: newOpaqueId(), shopId: demo.shop, offerId, ...s })))
      }
    }
  }
}

/**
 * Keeps the demo lively: when a demo activity's sessions run out within 30 days, the plan is
 * extended to about three months from today (run at every start; cheap when nothing is due).
 */
export async function topUpDemoSessions(db: Db, list: DemoOffer[], now: Date) {
  for (const demo of list) {
    if (!demo.sessions) continue
    const [row] = await db
      .select({ id: offers.id, config: shops.config })
      .from(offers)
      .innerJoin(shops, eq(shops.id, offers.shopId))
      .where(and(eq(offers.shopId, demo.shop), eq(offers.slug, demo.slug)))
    if (!row) continue
    const timeZone = row.config.timeZone || 'Europe/Zurich'
    const [last] = await db.select({ at: max(sessions.startsAt) }).from(sessions).where(eq(sessions.offerId, row.id))
    const lastAt = last?.at ? new Date(last.at) : null
    if (lastAt && lastAt.getTime() > now.getTime() + 30 * 86_400_000) continue
    const today = utcToZonedDate(now, timeZone)
    const from = lastAt && lastAt > now ? addDays(utcToZonedDate(lastAt, timeZone), 1) : addDays(today, 1)
    const planned = planSessions(demo.sessions, demo.skus[0]?.durationMinutes ?? 60, timeZone, from, addDays(today, 1 + demo.sessions.weeks * 7))
    if (planned.length) await db.insert(sessions).values(planned.map((s) => ({ id: newOpaqueId(), shopId: demo.shop, offerId: row.id, ...s })))
  }
}
