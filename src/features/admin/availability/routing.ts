/**
 * The availability page's loader, imported dynamically from its route file: the member first
 * (every member may see their own; managers and owners anyone of the shop: the API refuses a
 * guide asking for someone else, shown as the 401 page), then the month asked for — this month
 * in the shop's time zone when the address names none — as whole weeks (Monday to Sunday).
 */
import { availabilityQuery } from '~/api/admin-availability.queries'
import { shopTimeZone } from '~/lib/shop-settings'
import { adminApiFor } from '../api'
import { refusedPage } from '../refusals'
import { signedInPage } from '../routing'
import { monthOf, monthRange, today as todayIn } from '../sessions/month'
import type { AvailabilitySearch } from './search'

type Context = Parameters<typeof signedInPage>[0] & { config?: { timeZone?: string } }

export async function availabilityPage(context: Context, href: string, search: AvailabilitySearch) {
  const me = await signedInPage(context, href, 'guide')
  const timeZone = shopTimeZone({ timeZone: context.config?.timeZone ?? '' })
  const today = todayIn(timeZone)
  const month = search.month ?? monthOf(today)
  const { from, to } = monthRange(month)
  const staffId = search.staffId && search.staffId !== me.member.id ? search.staffId : undefined
  const query = { from, to, ...(staffId ? { staffId } : {}) }
  await context.queryClient.ensureQueryData(availabilityQuery(adminApiFor(context.queryClient, context.lang), query)).catch(refusedPage)
  return { today, month, query, role: me.member.role, meId: me.member.id }
}
