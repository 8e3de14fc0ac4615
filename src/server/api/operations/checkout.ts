import { checkoutCart, findBookingOfCart } from '~/server/domain/checkout'
import { HttpError } from '~/server/http/problem'
import { bookingToIcs } from '~/server/mail/ics'
import { pickText } from '~/lib/locale-text'
import { json, type OperationHandlers } from '~/server/api/types'
import { catalogue } from './context'

/** Bookings made from a cart: the checkout itself and what the visitor reads afterwards. */
export const checkout = {
  checkout: {
    handler: async (ctx, { path, body }) => {
      const { booking, earlier } = await checkoutCart(catalogue(ctx), path.cartId, body, { origin: ctx.origin })
      // 200: booked before (another tab or window); this call's details were not booked.
      return json('checkout', { data: booking }, { status: earlier ? 200 : 201 })
    },
  },
  getCartBooking: {
    handler: async (ctx, { path }) => {
      const booking = await findBookingOfCart(catalogue(ctx), path.cartId)
      if (!booking) throw new HttpError(404, 'Page not found', 'No booking was made from this cart.', { code: 'booking.not_found' })
      return json('getCartBooking', { data: booking }, { headers: { 'cache-control': 'no-store' } })
    },
  },
  getCartBookingCalendar: {
    handler: async (ctx, { path }) => {
      const booking = await findBookingOfCart(catalogue(ctx), path.cartId)
      if (!booking || booking.mode !== 'order') {
        throw new HttpError(404, 'Page not found', 'There are no confirmed dates for this cart.', { code: 'booking.not_found' })
      }
      const { contact, timeZone } = ctx.shop.config
      // Each date's LOCATION is its meeting point (in the booking's items); the shop's address only stands in for a date without one.
      const ics = bookingToIcs(
        booking,
        {
          id: ctx.shop.id,
          name: pickText(ctx.shop.config.labels.title, ctx.locale),
          timeZone,
          address: `${contact.address.street} ${contact.address.streetNumber}, ${contact.address.postalCode} ${contact.address.city}`,
        },
        { locale: ctx.locale },
      )
      return new Response(ics, {
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': `attachment; filename="booking-${booking.code}.ics"`,
          'cache-control': 'no-store',
        },
      })
    },
  },
} satisfies Partial<OperationHandlers>
