/**
 * The working-time page's loader, imported dynamically from its route file: the member first
 * (every member may see their own sheet; managers and owners anyone's of the shop: the API
 * refuses a guide asking for someone else, shown as the 401 page), then the month asked for —
 * this month in the shop's time zone when the address names none.
 */
import { workingTimeQuery } from '~/api/admin-working-time.queries'
import { shopTimeZone } from '~/lib/shop-settings'
import { adminApiFor } from '../api'
import { refusedPage } from '../refusals'
import { signedInPage } from '../routing'
import { monthOf, today as todayIn } from '../sessions/month'
import type { WorkingTimeSearch } from './search'

type Context = Parameters<typeof signedInPage>[0] & { config?: { timeZone?: string } }

export async function workingTimePage(context: Context, href: string, search: WorkingTimeSearch) {
  const me = await signedInPage(context, href, 'guide')
  const today = todayIn(shopTimeZone({ timeZone: context.config?.timeZone ?? '' }))
  const month = search.month ?? monthOf(today)
  const staffId = search.staffId && search.staffId !== me.member.id ? search.staffId : undefined
  const query = { month, ...(staffId ? { staffId } : {}) }
  await context.queryClient.ensureQueryData(workingTimeQuery(adminApiFor(context.queryClient, context.lang), query)).catch(refusedPage)
  return { today, month, query, role: me.member.role, meId: me.member.id }
}
