/**
 * What the staff app's routes do before rendering: loading the catalogue, reading the member,
 * checking the role, loading a page's data, the page's head. Route files import this module only
 * dynamically (`import('~/features/admin/routing')`) from their `loader` and `head`, which the
 * router keeps in the entry chunk that visitor pages load too: so these few bytes of glue are
 * all the staff app adds to them.
 */
import { notFound, redirect } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { MessageDescriptor } from '@lingui/core'
import type { components } from '~/api/schema.gen'
import type { Me, Role } from '~/api/admin-client'
import { ApiError } from '~/api/client'
import { linkQuery, meQuery, staffListQuery } from '~/api/admin.queries'
import { generalSettingsQuery, offerSettingsQuery, settingsHistoryQuery, shopDomainsQuery } from '~/api/admin-settings.queries'
import { setSsrStatus } from '~/functions/request-context'
import { pickLabel, type Locale } from '~/lib/locale'
import { adminApiFor } from './api'
import { afterSignIn } from './redirect'
import { requireRole } from './access'
import { adminI18n, loadAdminMessages } from './i18n'
import { refusedPage } from './refusals'

type Context = { queryClient: QueryClient; lang: Locale; config?: Pick<components['schemas']['ShopConfig'], 'labels'> }

/** The staff root: the staff catalogue of the page's language (it reaches the browser with the page). */
export async function rootData(lang: Locale) {
  return { messages: await loadAdminMessages(lang) }
}

/** A staff page's head: its title ("Page – Shop") in the staff catalogue; never indexed. */
export async function head(context: Context, title: MessageDescriptor) {
  const i18n = adminI18n(context.lang, await loadAdminMessages(context.lang))
  const shop = pickLabel(context.config?.labels.title, context.lang)
  return { meta: [{ title: [i18n._(title), shop].filter(Boolean).join(' – ') }, { name: 'robots', content: 'noindex, nofollow' }] }
}

/**
 * The signed-in member (`getMe`; during SSR the transport forwards the page request's cookie),
 * or off to sign-in with `redirect` back to `href`. The signed-in layout and each page below it
 * call it (their loaders run side by side; the query cache makes it one call).
 */
export async function signedInMember(context: Context, href: string): Promise<Me> {
  try {
    return await context.queryClient.fetchQuery({ ...meQuery(adminApiFor(context.queryClient, context.lang)), staleTime: 5_000 })
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw redirect({ to: '/$lang/admin/sign-in', params: { lang: context.lang }, search: { redirect: href } })
    }
    throw error
  }
}

/**
 * The sign-in page: a member who is signed in already goes on to where they were headed (the
 * same rule as after signing in: only a plain path of the staff app). Always asked afresh
 * (staleTime 0): right after signing out, the cache may still hold the member.
 */
export async function signInPage(context: Context, target: unknown): Promise<void> {
  try {
    await context.queryClient.fetchQuery({ ...meQuery(adminApiFor(context.queryClient, context.lang)), staleTime: 0 })
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return
    throw error
  }
  throw redirect({ href: afterSignIn(target, context.lang), replace: true })
}

/** A page under the signed-in layout that needs `role` (with `errorComponent: AdminErrorScreen`: the 401 page below it). */
export async function signedInPage(context: Context, href: string, role: Role = 'guide') {
  const me = await signedInMember(context, href)
  requireRole({ me }, role)
  return me
}

/** Owners: the staff list. */
export async function staffPage(context: Context, href: string) {
  await signedInPage(context, href, 'owner')
  await context.queryClient.ensureQueryData(staffListQuery(adminApiFor(context.queryClient, context.lang))).catch(refusedPage)
}

/** Owners: the general settings and their history. */
export async function settingsPage(context: Context, href: string) {
  await signedInPage(context, href, 'owner')
  const api = adminApiFor(context.queryClient, context.lang)
  await Promise.all([
    context.queryClient.ensureQueryData(generalSettingsQuery(api)),
    context.queryClient.ensureQueryData(settingsHistoryQuery(api)),
    context.queryClient.ensureQueryData(shopDomainsQuery(api)),
  ]).catch(refusedPage)
}

/** Managers: the tags, the overview's filters and the settings' history. */
export async function offerSettingsPage(context: Context, href: string) {
  await signedInPage(context, href, 'manager')
  const api = adminApiFor(context.queryClient, context.lang)
  await Promise.all([context.queryClient.ensureQueryData(offerSettingsQuery(api)), context.queryClient.ensureQueryData(settingsHistoryQuery(api))]).catch(refusedPage)
}

/** The contract's link token format; anything else is an invalid link, answered without a call. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{22,64}$/

/** An invitation or reset link, or null when it is unknown, used or expired (the page says so, with 404 / 410). */
export async function linkPage(context: Context, token: string) {
  if (!LINK_TOKEN.test(token)) {
    setSsrStatus(404)
    return { link: null }
  }
  try {
    return { link: await context.queryClient.fetchQuery(linkQuery(adminApiFor(context.queryClient, context.lang), token)) }
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
      setSsrStatus(error.status)
      return { link: null }
    }
    throw error
  }
}

/**
 * Managers: a private service's opening hours and the offer's history, with today in the shop's
 * time zone (the loader's answer reaches the browser, so server and browser agree on it). An
 * unknown offer is not found; a group activity has no hours (the page says where its dates are).
 */
export async function serviceHoursPage(context: Context, href: string, offerId: string) {
  await signedInPage(context, href, 'manager')
  const api = adminApiFor(context.queryClient, context.lang)
  const { serviceScheduleQuery, serviceScheduleHistoryQuery } = await import('~/api/admin-schedules.queries')
  try {
    const [view] = await Promise.all([context.queryClient.ensureQueryData(serviceScheduleQuery(api, offerId)), context.queryClient.ensureQueryData(serviceScheduleHistoryQuery(api, offerId))])
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: view.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
    return { kind: 'service' as const, today }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound()
    if (error instanceof ApiError && error.code === 'offer.not_private_service') return { kind: 'activity' as const, today: '' }
    return refusedPage(error)
  }
}

/** Managers: the dates of a group activity in the month shown (`month` 'YYYY-MM'; default: this month in the shop's time zone). */
export async function offerDatesPage(context: Context & { config?: { timeZone?: string } }, href: string, offerId: string, month: string | undefined) {
  await signedInPage(context, href, 'manager')
  const [{ sessionsQuery }, { isMonth, monthOf, monthRange, today }, { shopTimeZone }] = await Promise.all([
    import('~/api/admin-sessions.queries'),
    import('./sessions/month'),
    import('~/lib/shop-settings'),
  ])
  const now = today(shopTimeZone({ timeZone: context.config?.timeZone ?? '' }))
  const shown = isMonth(month) ? month : monthOf(now)
  const { from, to } = monthRange(shown)
  try {
    await context.queryClient.ensureQueryData(sessionsQuery(adminApiFor(context.queryClient, context.lang), offerId, from, to))
  } catch (error) {
    // A private service has opening hours, not dates: the page says so.
    if (error instanceof ApiError && error.code === 'offer.not_group_activity') return { kind: 'service' as const, month: shown, today: now }
    refusedPage(error)
  }
  return { kind: 'activity' as const, month: shown, today: now }
}
