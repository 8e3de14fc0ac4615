/**
 * The planning board's address (`?view=day&day=2026-03-10`): the route's parser (plain checks, as
 * every route definition is in the entry chunk). Without `day` the board shows today (in the
 * shop's time zone), without `view` the week.
 */
import { day, definedOnly, oneOf } from '~/lib/search-params'

export type BoardView = 'week' | 'day'
export const BOARD_VIEWS = ['week', 'day'] as const satisfies readonly BoardView[]

export type PlanningSearch = { view?: BoardView; day?: string }

export const planningSearch = (search: Record<string, unknown>): PlanningSearch =>
  definedOnly({
    view: oneOf(BOARD_VIEWS, search.view),
    day: day(search.day),
  })
