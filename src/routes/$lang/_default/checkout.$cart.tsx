import { createFileRoute, Outlet } from '@tanstack/react-router'
import { parseOpaqueId } from '~/lib/params'

/** /{lang}/checkout/{cart}: the cart id is validated for both the checkout and its success page. */
export const Route = createFileRoute('/$lang/_default/checkout/$cart')({
  params: { parse: ({ cart }) => ({ cart: parseOpaqueId(cart) }), stringify: ({ cart }) => ({ cart }) },
  component: Outlet,
})
