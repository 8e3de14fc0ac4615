import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ApiError } from '~/api/client'
import { cartBookingQuery, cartQuery, changeCartItem, startCartPayment, submitCartCheckout } from '~/api/checkout.queries'
import { offerQuery } from '~/api/offers.queries'
import { pageTitle } from '~/lib/page-title'
import { CheckoutFlow } from '~/components/checkout/checkout-flow'
import { paymentOptionsOf } from '~/lib/shop-settings'

const title = msg`Checkout`

export const Route = createFileRoute('/$lang/_default/checkout/$cart/')({
  loader: async ({ context, params }) => {
    const { api, lang, queryClient } = context
    try {
      const cart = await queryClient.fetchQuery(cartQuery(api, lang, params.cart))
      // A booked cart says so (its booking's code): on to the booking's page.
      if (cart.bookingCode) throw redirect({ to: '/$lang/checkout/$cart/success', params: { lang, cart: params.cart } })
      const slugs = [...new Set(cart.items.map((i) => i.offer))]
      const offers = await Promise.all(slugs.map((slug) => queryClient.ensureQueryData(offerQuery(api, lang, slug))))
      return { cart, extras: Object.fromEntries(offers.map((o) => [o.slug, o.extras ?? []])) }
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound({ data: { reason: 'validation' } })
      throw error
    }
  },
  // The checkout starts from the server's cart as it is now: a match kept from an earlier visit
  // would show items removed since ("choose another date", another tab) while it revalidates.
  staleTime: 0,
  gcTime: 0,
  head: ({ match }) => pageTitle(match.context.config, match.context.lang, title, { noindex: true }),
  component: CheckoutPage,
})

function CheckoutPage() {
  const { cart, extras } = Route.useLoaderData()
  const { config, lang, api, queryClient } = Route.useRouteContext()
  return (
    <CheckoutFlow
      key={cart.id}
      cart={cart}
      extras={extras}
      paymentOptions={[...paymentOptionsOf(config)]}
      lang={lang}
      timeZone={config.timeZone}
      submit={async ({ cartId, input }) => {
        const booked = await submitCartCheckout(api, cartId, input)
        // The success page starts from this answer: it alone carries the "manage my booking" token.
        queryClient.setQueryData(cartBookingQuery(api, lang, cartId).queryKey, booked)
        return booked
      }}
      startPayment={(cartId) => startCartPayment(api, cartId)}
      changeCart={(change) => changeCartItem(api, change)}
    />
  )
}
