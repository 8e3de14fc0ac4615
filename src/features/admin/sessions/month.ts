/**
 * Calendar arithmetic of the staff calendar on plain days ('YYYY-MM-DD', no time zone): the
 * weeks of a month (Monday first, as in Switzerland) and where a key moves the focused day.
 */

const pad = (n: number) => String(n).padStart(2, '0')
const toDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
const fromDay = (day: string) => new Date(`${day}T00:00:00Z`)

export function addDays(day: string, n: number): string {
  const d = fromDay(day)
  d.setUTCDate(d.getUTCDate() + n)
  return toDay(d)
}

/** The same day of the month `n` months later (clamped to the month's last day: 31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, n: number): string {
  const d = fromDay(day)
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1))
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(d.getUTCDate(), last))
  return toDay(target)
}

/** Monday = 0 … Sunday = 6. */
const mondayIndex = (day: string) => (fromDay(day).getUTCDay() + 6) % 7

export const monthOf = (day: string) => day.slice(0, 7)
export const isMonth = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)

/** The weeks shown for a month 'YYYY-MM': whole weeks from the Monday before its first day to the Sunday after its last. */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`
  const start = addDays(first, -mondayIndex(first))
  const last = addDays(addMonths(first, 1), -1)
  const end = addDays(last, 6 - mondayIndex(last))
  const weeks: string[][] = []
  for (let day = start; day <= end; day = addDays(day, 7)) weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)))
  return weeks
}

/** The first and last day a month's grid shows (the range to load). */
export function monthRange(month: string): { from: string; to: string } {
  const weeks = monthWeeks(month)
  return { from: weeks[0]![0]!, to: weeks.at(-1)![6]! }
}

/** The day a key moves the focus to in the grid (arrows, Home/End of the week, Page Up/Down = month), or null for other keys. */
export function dayAfterKey(day: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1)
    case 'ArrowRight':
      return addDays(day, 1)
    case 'ArrowUp':
      return addDays(day, -7)
    case 'ArrowDown':
      return addDays(day, 7)
    case 'Home':
      return addDays(day, -mondayIndex(day))
    case 'End':
      return addDays(day, 6 - mondayIndex(day))
    case 'PageUp':
      return addMonths(day, -1)
    case 'PageDown':
      return addMonths(day, 1)
    default:
      return null
  }
}

/** Today in `timeZone` as 'YYYY-MM-DD' (the calendar opens on today's month there). */
export function today(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}
