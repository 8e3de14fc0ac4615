/**
 * The planning board's days on plain dates ('YYYY-MM-DD', no time zone): the week of a day
 * (Monday first, as in Switzerland in all three languages) and where the previous/next buttons go.
 */
import { addDays } from '../sessions/month'
import type { BoardView } from './search'

/** Monday = 0 … Sunday = 6. */
const mondayIndex = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7

/** The Monday of the week a day falls in. */
export const weekStart = (day: string) => addDays(day, -mondayIndex(day))

/** The seven days of a day's week, Monday to Sunday. */
export const weekDays = (day: string): string[] => {
  const monday = weekStart(day)
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i))
}

/** The days a view shows around `day`: its week, or the day alone. */
export const shownDays = (view: BoardView, day: string): string[] => (view === 'week' ? weekDays(day) : [day])

/** The day the previous (-1) or next (+1) button goes to: a week or a day away. */
export const stepDay = (view: BoardView, day: string, n: number) => addDays(day, n * (view === 'week' ? 7 : 1))
