import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { createApiClient, type Api } from '~/api/client'
import { createTransport } from '~/functions/api-transport'
import { localeFromPath } from '~/lib/locale'
import { reportApiError } from '~/lib/report-error'
import { parseSearch, stringifySearch } from '~/lib/search-string'
import { getNonce } from '~/functions/request-context'
import { ErrorScreen } from '~/components/error-screen'
import { UnmatchedPath } from '~/components/not-found'
import { routeTree } from '~/routeTree.gen'

export type RouterContext = { queryClient: QueryClient; api: Api }

/** A new router, QueryClient and API client per request (and one in the browser). */
export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: false } },
  })
  let currentPath = () => (typeof window === 'undefined' ? '/' : window.location.pathname)
  const api = createApiClient({
    ...createTransport(),
    getLocale: () => localeFromPath(currentPath()),
    reportError: reportApiError,
  })
  const router = createRouter({
    routeTree,
    context: { queryClient, api },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: UnmatchedPath,
    parseSearch,
    stringifySearch,
    ssr: { nonce: getNonce() },
  })
  currentPath = () => router.state.location.pathname
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
