import { useContext } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { DefaultLayout } from '~/components/layout/default-layout'
import type { components } from '~/api/schema.gen'
import { effectiveLocale, localeFromPath } from '~/lib/locale'
import { InLayout } from '~/components/layout/in-layout'
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
 * Every route's 404 (the router's default). Inside a layout it is the plain screen; outside all of
 * them (a path nothing matched, a route's parameters refused above its layout) it brings the
 * shop's header and footer like any visitor page; bare without a shop (its config failed), and in
 * an embed frame, which has no shop chrome.
 */
export function UnmatchedPath({ data }: { data?: unknown }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const config = useRouterState({ select: (s) => (s.matches[0]?.context as { config?: components['schemas']['ShopConfig'] } | undefined)?.config })
  const inLayout = useContext(InLayout)
  if (inLayout || !config || /^\/(de|en|fr)\/embed(\/|$)/.test(pathname)) return <NotFound data={data} />
  return (
    <DefaultLayout config={config} lang={effectiveLocale(localeFromPath(pathname), config.languages)}>
      <NotFound data={data} />
    </DefaultLayout>
  )
}
