import { useRouterState } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
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
