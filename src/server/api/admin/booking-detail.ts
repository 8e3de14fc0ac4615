import type { AdminOperationHandlers, ApiContext } from '~/server/api/types'
import { json } from '~/server/api/types'
import { cancelStaffBooking, resendConfirmation, resendPaymentLink } from '~/server/domain/bookings-admin/actions'
import { getStaffBooking } from '~/server/domain/bookings-admin/detail'
import { getSessionManifest } from '~/server/domain/bookings-admin/manifest'
import { recordOnSitePayment } from '~/server/domain/bookings-admin/on-site'
import { updateParticipants } from '~/server/domain/bookings-admin/participants'
import { csvResponse } from '~/server/exports/csv'
import { manifestCsv, manifestFilename } from '~/server/exports/manifest'
import { staffOf } from './context'

/** The staff member's shop, locale and clock (texts of offers in their locale, dates in the shop's time zone). */
const scopeOf = (ctx: ApiContext) => ({ db: ctx.db, shop: ctx.shop, locale: ctx.locale, now: ctx.now, origin: ctx.origin, payments: ctx.payments })
/** Money figures of a manifest: managers and owners (guides get none, issue 18). */
const manifestScope = (ctx: ApiContext) => {
  const member = staffOf(ctx)
  // A guide: only the sessions assigned to them, without money figures.
  return { ...scopeOf(ctx), withMoney: member.role !== 'guide', ...(member.role === 'guide' ? { guideId: member.staffId } : {}) }
}

export const bookingDetail = {
  getStaffBooking: {
    handler: async (ctx, { path }) => {
      staffOf(ctx)
      return json('getStaffBooking', { data: await getStaffBooking(scopeOf(ctx), path.code) })
    },
  },
  recordOnSitePayment: {
    handler: async (ctx, { path, body }) => json('recordOnSitePayment', { data: await recordOnSitePayment(scopeOf(ctx), staffOf(ctx), path.code, body) }),
  },
  resendPaymentLink: {
    handler: async (ctx, { path }) => json('resendPaymentLink', { data: await resendPaymentLink(scopeOf(ctx), staffOf(ctx), path.code) }),
  },
  resendConfirmation: {
    handler: async (ctx, { path }) => json('resendConfirmation', { data: await resendConfirmation(scopeOf(ctx), staffOf(ctx), path.code) }),
  },
  updateParticipants: {
    handler: async (ctx, { path, body }) => json('updateParticipants', { data: await updateParticipants(scopeOf(ctx), staffOf(ctx), path.code, body) }),
  },
  cancelStaffBooking: {
    handler: async (ctx, { path, body }) => json('cancelStaffBooking', { data: await cancelStaffBooking(scopeOf(ctx), staffOf(ctx), path.code, body) }),
  },
  getSessionManifest: {
    handler: async (ctx, { path }) => {
      const { offerSlug: _slug, ...manifest } = await getSessionManifest(manifestScope(ctx), path.sessionId)
      return json('getSessionManifest', { data: manifest })
    },
  },
  exportSessionManifestCsv: {
    handler: async (ctx, { path, query }) => {
      // A download link cannot send X-FLOWIN-LOCALE: its `lang` says the file's language.
      const locale = query.lang ?? ctx.locale
      const { offerSlug, ...manifest } = await getSessionManifest({ ...manifestScope(ctx), locale }, path.sessionId)
      return csvResponse(manifestFilename(offerSlug, manifest), manifestCsv(manifest, locale))
    },
  },
} satisfies Partial<AdminOperationHandlers>
