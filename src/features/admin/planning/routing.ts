/**
 * The planning board's loader (managers), imported dynamically from its route file: the member's
 * role first, then the board of the week (Monday to Sunday) or the day asked for — today in the
 * shop's time zone when the address names no day.
 */
import { planningBoardQuery } from '~/api/admin-planning.queries'
import { shopTimeZone } from '~/lib/shop-settings'
import { adminApiFor } from '../api'
import { refusedPage } from '../refusals'
import { signedInPage } from '../routing'
import { today as todayIn } from '../sessions/month'
import type { PlanningSearch } from './search'
import { shownDays } from './week'

type Context = Parameters<typeof signedInPage>[0] & { config?: { timeZone?: string } }

export async function planningBoardPage(context: Context, href: string, search: PlanningSearch) {
  await signedInPage(context, href, 'manager')
  const timeZone = shopTimeZone({ timeZone: context.config?.timeZone ?? '' })
  const today = todayIn(timeZone)
  const view = search.view ?? 'week'
  const day = search.day ?? today
  const days = shownDays(view, day)
  const from = days[0]!
  const to = days.at(-1)!
  await context.queryClient.ensureQueryData(planningBoardQuery(adminApiFor(context.queryClient, context.lang), from, to)).catch(refusedPage)
  return { today, view, day, days, from, to }
}
