import { useEffect, useState } from 'react'
import { Link, useRouter, useRouterState } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError, type Api } from '~/api/client'
import { cartQuery } from '~/api/checkout.queries'
import { formatTime } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { OPAQUE_ID } from '~/lib/params'
import { forgetCart, rememberedCart } from '~/lib/remembered-cart'
import { useVisitorTimeZone } from '~/components/time-zone-note'

const CHECKOUT_PATH = /^\/[a-z]{2}\/checkout(\/|$)/

/**
 * "Your places are held until 14:35. Continue your booking": on every page of the default layout
 * but the checkout's, while the cart this browser remembers holds places (issue 22, point 16 — a
 * visitor who left the checkout with Back finds the way back). Read only in the browser, after
 * hydration, and only when a cart is remembered. A cart that is gone, booked, empty or no longer
 * holds anything is forgotten. The time is the visitor's own clock's (the browser's time zone).
 */
export function ContinueBookingNotice({ lang }: { lang: Locale }) {
  const { t } = useLingui()
  // The router's context (src/router.tsx): also there on the 404 page of an unmatched path.
  const { api } = useRouter().options.context as { api: Api }
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const onCheckout = CHECKOUT_PATH.test(pathname)
  const zone = useVisitorTimeZone()

  // Read again on every page: the booking panel may have started another cart meanwhile.
  const [cartId, setCartId] = useState<string>()
  useEffect(() => {
    const id = rememberedCart()
    if (id && !OPAQUE_ID.test(id)) forgetCart(id)
    setCartId(id && OPAQUE_ID.test(id) ? id : undefined)
  }, [pathname])

  const { data: cart, error, refetch } = useQuery({ ...cartQuery(api, lang, cartId ?? ''), enabled: !!cartId && !onCheckout })
  const heldUntil = cart?.heldUntil ? Date.parse(cart.heldUntil) : undefined
  const [now, setNow] = useState(() => Date.now())

  // When the earliest hold passes, read the cart again: later items may still be held.
  useEffect(() => {
    if (heldUntil === undefined || onCheckout) return
    const timer = setTimeout(() => {
      setNow(Date.now())
      void refetch()
    }, Math.max(0, heldUntil - Date.now()) + 1000)
    return () => clearTimeout(timer)
  }, [heldUntil, onCheckout, refetch])

  const gone = error instanceof ApiError && error.status === 404
  const over = !!cart && cart.id === cartId && (!!cart.bookingCode || cart.items.length === 0 || heldUntil === undefined)
  useEffect(() => {
    if (!cartId || onCheckout || !(gone || over)) return
    forgetCart(cartId)
    setCartId(undefined)
  }, [cartId, onCheckout, gone, over])

  if (!cartId || onCheckout || !cart || over || !zone || heldUntil === undefined || heldUntil <= now) return null
  const until = formatTime(new Date(heldUntil), lang, zone)
  const request = cart.items.every((item) => item.mode === 'request')
  return (
    <aside aria-label={t`Your booking`} className="border-b border-warning bg-warning/15" data-testid="continue-booking">
      <p className="mx-auto flex max-w-6xl flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2">
        <span>{request ? <Trans>Your request has not been sent yet.</Trans> : <Trans>Your places are held until {until}.</Trans>}</span>
        <Link to="/$lang/checkout/$cart" params={{ lang, cart: cartId }} className="font-semibold underline" data-testid="continue-booking-link">
          {request ? <Trans>Continue your request</Trans> : <Trans>Continue your booking</Trans>}
        </Link>
      </p>
    </aside>
  )
}
