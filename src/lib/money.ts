import type { Locale } from './locale'

/** An amount in the currency's minor units (cents, rappen; yen have none), as the contract has it. */
export type Money = { amount: number; currency: string }

const minorDigits = new Map<string, number>()

/**
 * How many minor-unit digits a currency has (ISO 4217: CHF 2, JPY 0, KWD 3); 2 for a code Intl
 * does not know.
 */
export function minorUnitDigits(currency: string): number {
  let digits = minorDigits.get(currency)
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
    } catch {
      digits = 2
    }
    minorDigits.set(currency, digits)
  }
  return digits
}

/**
 * A price in minor units, Swiss style, on the web and in e-mails alike: `CHF 1’450.00` (de, en)
 * and `1 450.00 CHF` (fr, with a narrow no-break space); `JPY 1’000` for a currency without minor
 * units. Written out by hand because Intl's output differs between ICU versions (Node's and the
 * browser's), which would break hydration of server-rendered prices.
 */
export function formatMoney(money: Money, locale: Locale): string
export function formatMoney(amount: number, currency: string, locale: Locale): string
export function formatMoney(...args: [Money, Locale] | [number, string, Locale]): string {
  const [amount, currency, locale] = args.length === 2 ? [args[0].amount, args[0].currency, args[1]] : args
  const digits = minorUnitDigits(currency)
  const negative = amount < 0
  const minor = Math.abs(Math.round(amount))
  const unit = 10 ** digits
  const whole = Math.floor(minor / unit).toString()
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'fr' ? '\u202f' : '’')
  const fraction = digits > 0 ? `.${String(minor % unit).padStart(digits, '0')}` : ''
  const number = `${negative ? '-' : ''}${grouped}${fraction}`
  return locale === 'fr' ? `${number}\u00a0${currency}` : `${currency}\u00a0${number}`
}
