/**
 * Calendar arithmetic of the date-selection dialog on plain 'YYYY-MM-DD' strings (no time zone:
 * a date is a date everywhere). Pure; weeks start on Monday, as in Switzerland.
 */

export type IsoDate = string

const DAY_MS = 86_400_000
const pad = (n: number) => String(n).padStart(2, '0')
const toMs = (date: IsoDate) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)))
const fromMs = (ms: number): IsoDate => {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

export const addDays = (date: IsoDate, n: number): IsoDate => fromMs(toMs(date) + n * DAY_MS)

/** The same day `n` months later, or the month's last day when it has fewer days (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: IsoDate, n: number): IsoDate {
  const d = new Date(toMs(date))
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n + 1, 0)).getUTCDate()
  return fromMs(first + (Math.min(d.getUTCDate(), last) - 1) * DAY_MS)
}

/** 0 = Monday … 6 = Sunday. */
const mondayIndex = (date: IsoDate) => (new Date(toMs(date)).getUTCDay() + 6) % 7

export const firstOfMonth = (date: IsoDate): IsoDate => `${date.slice(0, 7)}-01`

/** The month's weeks, Monday first; days of the neighbouring months are null. */
export function weeksOf(month: IsoDate): (IsoDate | null)[][] {
  const first = firstOfMonth(month)
  const days: (IsoDate | null)[] = Array.from({ length: mondayIndex(first) }, () => null)
  for (let d = first; d.slice(0, 7) === first.slice(0, 7); d = addDays(d, 1)) days.push(d)
  while (days.length % 7) days.push(null)
  return Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7))
}

/** Every date from `a` to `b` (either order), in order. */
export function datesBetween(a: IsoDate, b: IsoDate): IsoDate[] {
  const [from, to] = a <= b ? [a, b] : [b, a]
  const out: IsoDate[] = []
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d)
  return out
}

/**
 * Where a key moves the focused date (the ARIA grid pattern of a date picker), or null: arrows a
 * day or a week, Home/End the week's Monday/Sunday, PageUp/PageDown a month.
 */
export function moveDate(key: string, date: IsoDate): IsoDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1)
    case 'ArrowRight':
      return addDays(date, 1)
    case 'ArrowUp':
      return addDays(date, -7)
    case 'ArrowDown':
      return addDays(date, 7)
    case 'Home':
      return addDays(date, -mondayIndex(date))
    case 'End':
      return addDays(date, 6 - mondayIndex(date))
    case 'PageUp':
      return addMonths(date, -1)
    case 'PageDown':
      return addMonths(date, 1)
    default:
      return null
  }
}
