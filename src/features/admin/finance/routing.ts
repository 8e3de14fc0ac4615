/**
 * Page loaders of the finance pages (owners), imported dynamically from their route files: the
 * member's role first, then the page's data for the range asked for, this month (in the shop's
 * time zone) when none is. What they answer reaches the browser, so server and browser agree
 * on "today" and on the range shown.
 */
import { financeOpenAmountsQuery, financePaymentsQuery, financeRefundsQuery, financeTotalsQuery } from '~/api/admin-finance.queries'
import { shopTimeZone } from '~/lib/shop-settings'
import { adminApiFor } from '../api'
import { signedInPage } from '../routing'
import { today as todayIn } from '../sessions/month'
import { PER_PAGE, type OpenSearch, type PaymentsSearch, type RefundsSearch, type TotalsSearch } from './search'
import { rangeProblem, thisMonth } from './ranges'
import { refusedRange } from '../refusals'

type Context = Parameters<typeof signedInPage>[0] & { config?: { timeZone?: string } }

async function start(context: Context, href: string) {
  await signedInPage(context, href, 'owner')
  const timeZone = shopTimeZone({ timeZone: context.config?.timeZone ?? '' })
  return { api: adminApiFor(context.queryClient, context.lang), today: todayIn(timeZone), timeZone }
}

/** The range asked for, or this month when either end is missing or the range is not one the API takes. */
function rangeOf(search: { from?: string; to?: string }, today: string) {
  if (search.from && search.to && !rangeProblem(search.from, search.to)) return { from: search.from, to: search.to }
  return thisMonth(today)
}

export async function financeOverviewPage(context: Context, href: string, search: TotalsSearch) {
  const { api, today, timeZone } = await start(context, href)
  const range = rangeOf(search, today)
  const granularity = search.granularity ?? (rangeProblem(range.from, range.to, 'day') ? 'month' : 'day')
  const query = { ...range, granularity }
  await Promise.all([
    context.queryClient.ensureQueryData(financeTotalsQuery(api, query)).catch(refusedRange),
    context.queryClient.ensureQueryData(financeOpenAmountsQuery(api, { perPage: 1 })).catch(refusedRange),
  ])
  return { today, timeZone, query }
}

export async function financePaymentsPage(context: Context, href: string, search: PaymentsSearch) {
  const { api, today, timeZone } = await start(context, href)
  const query = { ...search, ...rangeOf(search, today), page: search.page ?? 1, perPage: PER_PAGE }
  await context.queryClient.ensureQueryData(financePaymentsQuery(api, query)).catch(refusedRange)
  return { today, timeZone, query }
}

export async function financeRefundsPage(context: Context, href: string, search: RefundsSearch) {
  const { api, today, timeZone } = await start(context, href)
  const query = { ...search, ...rangeOf(search, today), page: search.page ?? 1, perPage: PER_PAGE }
  await context.queryClient.ensureQueryData(financeRefundsQuery(api, query)).catch(refusedRange)
  return { today, timeZone, query }
}

export async function financeOpenPage(context: Context, href: string, search: OpenSearch) {
  const { api, today, timeZone } = await start(context, href)
  const query = { ...search, page: search.page ?? 1, perPage: PER_PAGE }
  await context.queryClient.ensureQueryData(financeOpenAmountsQuery(api, query)).catch(refusedRange)
  return { today, timeZone, query }
}
