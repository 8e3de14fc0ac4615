/// <reference types="vite/client" />
import { useEffect, useState, type ReactNode } from 'react'
import {
  createRootRouteWithContext,
  HeadContent,
  notFound,
  Outlet,
  Scripts,
  useRouterState,
} from '@tanstack/react-router'
import { ApiError } from '~/api/client'
import { shopConfigQuery } from '~/api/shop.queries'
import { effectiveLocale, localeFromPath, pickLabel } from '~/lib/locale'
import { paletteToCss, sanitisePalette } from '~/lib/theme'
import { MEDIA_SIZES, mediaUrl } from '~/lib/media'
import type { RouterContext } from '~/router'
import appCss from '~/styles.css?url'
import { I18nProvider } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { getI18n, loadCatalog } from '~/lib/i18n'
import { getPublicEnv } from '~/functions/public-env'
import { getOrigin } from '~/functions/origin'
import { getNonce } from '~/functions/request-context'
import { LoadingBar } from '~/components/layout/loading-bar'
import { watchDeployments } from '~/browser/deployment'
import { useRouter } from '@tanstack/react-router'
import { startBrowserSentry } from '~/browser/sentry-client'
import { watchUnhandledErrors } from '~/browser/unhandled-errors'
import { UnhandledErrorScreen, statusOf } from '~/components/error-screen'

const errorTitle = msg`Error`
/** The page title of an error page: what went wrong, not the home page's slogan. */
const statusTitles: Record<number, MessageDescriptor> = {
  400: msg({ id: 'webshop.error.400.statusMessage', message: 'Invalid enquiry' }),
  401: msg({ id: 'webshop.error.401.statusMessage', message: 'Not authorised' }),
  404: msg({ id: 'webshop.error.404.statusMessage', message: 'Page not found' }),
  500: msg({ id: 'webshop.error.500.statusMessage', message: 'Internal server error' }),
}

/** The status of the page when one of its routes failed or found nothing, else null. */
function failedStatus(matches: readonly { status: string; error?: unknown; _notFound?: boolean }[]): number | null {
  for (const m of matches) {
    if (m.status === 'notFound' || m._notFound) return 404
    if (m.status === 'error') return statusOf(m.error)
  }
  return null
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location }) => {
    const wanted = localeFromPath(location.pathname)
    try {
      const config = await context.queryClient.ensureQueryData(shopConfigQuery(context.api))
      // The page's language catalogue before anything renders (one chunk per language, ADR 034).
      await loadCatalog(effectiveLocale(wanted, config.languages))
      return { config, origin: await getOrigin() }
    } catch (error) {
      // The error screen speaks the language asked for.
      await loadCatalog(effectiveLocale(wanted, undefined)).catch(() => undefined)
      if (error instanceof ApiError && error.status === 404) throw notFound()
      throw error
    }
  },
  // Runs once, during SSR; the browser keeps the hydrated answer.
  loader: () => getPublicEnv(),
  shouldReload: false,
  head: ({ match, matches }) => {
    const config = match.context.config
    const leaf = matches[matches.length - 1] ?? match
    const locale = effectiveLocale(localeFromPath(leaf.pathname), config?.languages)
    const title = pickLabel(config?.labels.title, locale)
    const slogan = pickLabel(config?.labels.slogan, locale)
    const failed = failedStatus(matches)
    const failure = failed === null ? null : getI18n(locale)._(statusTitles[failed] ?? errorTitle)
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        // An error page says what went wrong; without a shop (its config failed to load) the error
        // screen still needs a title.
        { title: (failure ? [failure, title] : [slogan, title]).filter(Boolean).join(' – ') || getI18n(locale)._(errorTitle) },
        ...(slogan ? [{ name: 'description', content: slogan }] : []),
        ...(config ? [{ property: 'og:image', content: `${match.context.origin ?? ''}${mediaUrl(config.media.hero, 1024)}` }] : []),
        ...(slogan ? [{ property: 'og:description', content: slogan }] : []),
        ...(title ? [{ property: 'og:site_name', content: title }] : []),
      ],
      links: [
        { rel: 'stylesheet', href: appCss },
        ...(config ? [{ rel: 'icon', type: 'image/jpeg', href: mediaUrl(config.media.logo, MEDIA_SIZES.logo) }] : []),
      ],
    }
  },
  shellComponent: RootDocument,
  component: Outlet,
})

function RootDocument({ children }: { children: ReactNode }) {
  const config = Route.useRouteContext({ select: (c) => c.config })
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const lang = effectiveLocale(localeFromPath(pathname), config?.languages)
  // Only validated rgb triples reach this stylesheet (lib/theme), so it cannot break out of CSS.
  const sentryDsn = Route.useLoaderData({ select: (d) => d?.sentryDsn })
  useEffect(() => {
    startBrowserSentry(sentryDsn, { tenant: config?.id ?? '', locale: lang })
  }, [sentryDsn, config?.id, lang])
  const router = useRouter()
  useEffect(() => watchDeployments(router), [router])
  // fatal or unhandled errors lead to the error screen, also those outside the router
  const [unhandled, setUnhandled] = useState(false)
  useEffect(() => watchUnhandledErrors(() => setUnhandled(true)), [])
  const themeCss = config ? `:root{${paletteToCss(sanitisePalette(config.theme.colorPalette))}}` : ''
  return (
    <html lang={lang}>
      <head>
        <HeadContent />
        {themeCss ? (
          <style id="shop-theme" nonce={getNonce()} suppressHydrationWarning>
            {themeCss}
          </style>
        ) : null}
      </head>
      <body className="min-h-screen bg-background text-on-background antialiased">
        <I18nProvider i18n={getI18n(lang)}>
          <LoadingBar />
          {unhandled ? <UnhandledErrorScreen themeLoaded={!!config} /> : children}
        </I18nProvider>
        <Scripts />
      </body>
    </html>
  )
}
