/**
 * The opening hours of a private service as managers edit them: read, preview the start times a
 * schedule would give, save (version-checked, recorded in the offer's history). The start times
 * come from the visitors' own rules (catalogue.ts → slots.ts), so the preview and the shop agree.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { offers } from '~/server/db/schema'
import { conflict, invalidFields, notFound, type FieldErrors } from '~/server/domain/errors'
import { listChanges, recordChange } from '~/server/domain/history/change-log'
import { HORIZON_DAYS, loadBusy, loadOffers, scheduleOf } from '~/server/domain/offers/catalogue'
import { offerKind } from '~/server/domain/offers-admin/view'
import { startTimesForDate } from '~/server/domain/offers/slots'
import { addDays, daysBetween, isValidDate } from '~/server/domain/offers/zoned-time'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { pickText, type Locale } from '~/lib/locale-text'
import { fromStored, scheduleForHistory, scheduleProblems, toStored, type ScheduleInput } from './rules'

/** The longest preview, in days (a fortnight shows every weekday twice). */
export const PREVIEW_MAX_DAYS = 14

export type ScheduleContext = { db: Db; actor: StaffPrincipal; timeZone: string; locale: Locale; now: Date }

const offerNotFound = () => notFound('offer.not_found', 'This offer does not exist.')

/** The shop's offer with its variants, refused unless it is a private service. */
async function serviceOf(ctx: ScheduleContext, offerId: string) {
  const [item] = await loadOffers(ctx.db, ctx.actor.shopId, { ids: [offerId] })
  if (!item) throw offerNotFound()
  // A new private service has no variants yet: its (empty) schedule says what it is.
  if (offerKind(item.offer, item.skus) !== 'private') {
    throw conflict('offer.not_private_service', 'This offer is a group activity: its dates are sessions, not opening hours.')
  }
  return item
}

type Loaded = Awaited<ReturnType<typeof serviceOf>>
const fallbackDuration = (item: Loaded) => item.skus[0]?.durationMinutes || 60

function viewOf(ctx: ScheduleContext, item: Loaded) {
  const { offer } = item
  return {
    offerId: offer.id,
    slug: offer.slug,
    title: pickText(offer.title, ctx.locale) || offer.slug,
    status: offer.status,
    version: offer.version,
    updatedAt: offer.updatedAt.toISOString(),
    timeZone: ctx.timeZone,
    schedule: fromStored(offer.schedule, fallbackDuration(item)),
  }
}

export async function getServiceSchedule(ctx: ScheduleContext, offerId: string) {
  return viewOf(ctx, await serviceOf(ctx, offerId))
}

function refuseProblems(errors: FieldErrors) {
  if (Object.keys(errors).length) throw invalidFields(errors)
}

/** Saves the schedule if `version` is still the offer's: one version step, one history entry. */
export async function updateServiceSchedule(ctx: ScheduleContext, offerId: string, input: { version: number; schedule: ScheduleInput }) {
  refuseProblems(scheduleProblems(input.schedule))
  await serviceOf(ctx, offerId)
  const stored = toStored(input.schedule)
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(offers).where(and(eq(offers.id, offerId), eq(offers.shopId, ctx.actor.shopId))).for('update')
    if (!row) throw offerNotFound()
    if (row.version !== input.version) {
      throw conflict('offer.version_conflict', 'The offer was changed in the meantime. Please reload and try again.', { version: row.version })
    }
    await tx.update(offers).set({ schedule: stored, version: sql`${offers.version} + 1`, updatedAt: ctx.now }).where(eq(offers.id, offerId))
    await recordChange(tx, {
      shopId: ctx.actor.shopId,
      subject: 'offer',
      subjectId: offerId,
      actorId: ctx.actor.staffId,
      action: 'hours_changed',
      before: scheduleForHistory(row.schedule),
      after: scheduleForHistory(stored),
      at: ctx.now,
    })
  })
  return getServiceSchedule(ctx, offerId)
}

/** The start times visitors would get on each day from `from` to `to` with `schedule`, around today's bookings and holds. */
export async function previewServiceSlots(ctx: ScheduleContext, offerId: string, input: { schedule: ScheduleInput; from: string; to: string }) {
  const errors = scheduleProblems(input.schedule)
  if (!isValidDate(input.from)) errors.from = { code: 'date' }
  if (!isValidDate(input.to)) errors.to = { code: 'date' }
  else if (isValidDate(input.from) && (input.to < input.from || daysBetween(input.from, input.to) >= PREVIEW_MAX_DAYS)) {
    errors.to = { code: 'preview.range', params: { maximum: PREVIEW_MAX_DAYS } }
  }
  refuseProblems(errors)
  const item = await serviceOf(ctx, offerId)
  const schedule = scheduleOf({ ...item.offer, schedule: toStored(input.schedule) }, item.skus, ctx.timeZone)!
  const busy = await loadBusy(ctx.db, offerId, ctx.now, new Date(ctx.now.getTime() + (HORIZON_DAYS + 2) * 86_400_000), ctx.now)
  const days = Array.from({ length: daysBetween(input.from, input.to) + 1 }, (_, i) => addDays(input.from, i))
  return { timeZone: ctx.timeZone, days: days.map((date) => ({ date, startTimes: startTimesForDate(schedule, date, busy, ctx.now).map((s) => s.startTime) })) }
}

/** Who changed the offer (its hours among the rest), when and what. */
export async function serviceScheduleHistory(ctx: ScheduleContext, offerId: string) {
  await serviceOf(ctx, offerId)
  return listChanges(ctx.db, ctx.actor.shopId, 'offer', offerId)
}
