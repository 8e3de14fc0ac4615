/** Digits after the decimal point of a currency (CHF, EUR: 2; JPY: 0), as Intl knows them. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

/**
 * A price typed in the shop's currency as minor units: `120.50`, `120,50`, `120.-`, `1'200.50`
 * and `1 200` all work (Swiss and French habits). Null when it is not a price (negative, letters,
 * too many decimals for the currency).
 */
export function parsePrice(text: string, currency: string): number | null {
  const digits = minorDigits(currency)
  const cleaned = text.trim().replace(/[\s'’\u00a0\u202f]/g, '').replace(/\.[-–]$/, '').replace(',', '.')
  if (!/^\d+(?:\.\d*)?$/.test(cleaned)) return null
  const [whole, fraction = ''] = cleaned.split('.') as [string, string?]
  if (fraction.length > digits) return null
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0)
  return Number.isSafeInteger(minor) ? minor : null
}

/** Minor units as the input shows them: `12050` → `120.50` (no grouping: it is typed back). */
export function priceInput(minor: number, currency: string): string {
  const digits = minorDigits(currency)
  return digits ? (minor / 10 ** digits).toFixed(digits) : String(minor)
}

/** Minor units for reading, in the member's locale: `CHF 120.50`, `120,50 CHF`. */
export function formatPrice(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(`${locale}-CH`, { style: 'currency', currency }).format(minor / 10 ** minorDigits(currency))
}
