import type { AdminOperationHandlers, ApiContext } from '~/server/api/types'
import { json } from '~/server/api/types'
import { bookingSettings } from '~/server/domain/offers/catalogue'
import { csvResponse } from '~/server/exports/csv'
import { exportBookingsCsv } from '~/server/domain/bookings-admin/csv-export'
import { listBookings } from '~/server/domain/bookings-admin/list'
import { staffOf } from './context'

/** The staff member's shop, its time zone (days and times of the list) and the staff's language. */
const scopeOf = (ctx: ApiContext) => ({
  shopId: staffOf(ctx).shopId,
  timeZone: bookingSettings(ctx.shop).timeZone,
  locale: ctx.locale,
})

export const bookings = {
  listBookings: {
    handler: async (ctx, { query }) => {
      const { items, meta } = await listBookings(ctx.db, scopeOf(ctx), query)
      return json('listBookings', { data: items, meta })
    },
  },
  exportBookingsCsv: {
    // Not JSON: the contract declares `text/csv`; the file is streamed as it is read.
    handler: async (ctx, { query }) => {
      const { lang, ...filters } = query
      const csv = await exportBookingsCsv(ctx.db, { ...scopeOf(ctx), locale: lang ?? ctx.locale }, filters, ctx.now)
      return csvResponse(csv.filename, csv.stream)
    },
  },
} satisfies Partial<AdminOperationHandlers>
