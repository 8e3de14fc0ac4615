import { useRouterState } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { DefaultLayout } from '~/components/layout/default-layout'
import type { components } from '~/api/schema.gen'
import { effectiveLocale, localeFromPath } from '~/lib/locale'
import { ErrorView } from './error-screen'

/** Data a route's validation throws with `notFound({ data: { reason: 'validation' } })`. */
export type NotFoundData = { reason?: 'validation' }

/**
 * 404 screens: a failed route validation is 'Page Not Found'; an unmatched path is
 * 'Page not found: {path}'.
 */
export function NotFound({ data }: { data?: unknown }) {
  const { t } = useLingui()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const themeLoaded = useRouterState({ select: (s) => !!(s.matches[0]?.context as { config?: unknown } | undefined)?.config })
  const validation = (data as NotFoundData | undefined)?.reason === 'validation'
  const message = validation
    ? t({ id: 'webshop.error.404.validation', message: 'Page Not Found' })
    : t({ id: 'webshop.error.404.path', message: `Page not found: ${pathname}` })
  return <ErrorView statusCode={404} statusMessage={message} themeLoaded={themeLoaded} />
}

/**
 * The 404 of a path nothing matched (or whose parameters a route refused), inside the shop's header and footer like any visitor page
 * (the route that renders it has no layout of its own); bare without a shop (its config failed),
 * and in an embed frame, which has no shop chrome.
 */
export function UnmatchedPath({ data }: { data?: unknown }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const config = useRouterState({ select: (s) => (s.matches[0]?.context as { config?: components['schemas']['ShopConfig'] } | undefined)?.config })
  if (!config || /^\/(de|en|fr)\/embed(\/|$)/.test(pathname)) return <NotFound data={data} />
  return (
    <DefaultLayout config={config} lang={effectiveLocale(localeFromPath(pathname), config.languages)}>
      <NotFound data={data} />
    </DefaultLayout>
  )
}
