/**
 * A shop's settings with their defaults, decided once for the server and the browser: the time
 * zone its dates and times are shown in, its currency, and the payment methods its checkout offers.
 */
import type { components } from '~/api/schema.gen'

type ShopConfig = components['schemas']['ShopConfig']
export type PaymentMethod = components['schemas']['PaymentMethod']

/** The time zone of a shop that names none. */
export const DEFAULT_TIME_ZONE = 'Europe/Zurich'
/** The currency of a shop that names none. */
export const DEFAULT_CURRENCY = 'CHF'
/** The payment methods of a shop that configures none. */
export const DEFAULT_PAYMENT_OPTIONS: readonly PaymentMethod[] = ['PAY_ON_SITE', 'PAY_LATER']
/** How a request (an offer upon request) is paid: later, once the shop has accepted it. */
export const REQUEST_PAYMENT_OPTIONS: readonly PaymentMethod[] = ['PAY_LATER']

/** The IANA time zone the shop's dates and times are in. */
export function shopTimeZone(config: Pick<ShopConfig, 'timeZone'>): string {
  return config.timeZone || DEFAULT_TIME_ZONE
}

/** The ISO 4217 currency of the shop (its carts, and prices that name none). */
export function shopCurrency(config: Pick<ShopConfig, 'currency'>): string {
  return config.currency || DEFAULT_CURRENCY
}

/** The payment methods the shop offers in its checkout. */
export function paymentOptionsOf(config: Pick<ShopConfig, 'booking'>): readonly PaymentMethod[] {
  const configured = config.booking?.paymentOptions
  return configured?.length ? configured : DEFAULT_PAYMENT_OPTIONS
}

/** The payment methods a checkout of the given mode offers: a request is always paid later. */
export function allowedPaymentMethods(mode: 'order' | 'request', options: readonly PaymentMethod[]): PaymentMethod[] {
  return [...(mode === 'request' ? REQUEST_PAYMENT_OPTIONS : options)]
}
