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
import { isStaffPage } from '~/lib/staff-pages'
import { routeTree as visitorRouteTree } from '~/routeTree.gen'

export type RouterContext = { queryClient: QueryClient; api: Api }

type RouteTree = typeof visitorRouteTree

let staffRouteTree: Promise<RouteTree> | undefined

/**
 * The route tree for a page. In the browser the visitor pages' tree leaves the staff app out
 * (vite-plugin-route-trees.ts, ADR 041): a staff page loads the whole tree first, a chunk of its
 * own. On the server (and in tests) both imports are the whole tree.
 */
export function routeTreeFor(pathname: string): RouteTree | Promise<RouteTree> {
  if (typeof window === 'undefined' || !isStaffPage(pathname)) return visitorRouteTree
  staffRouteTree ??= import('~/staff-route-tree').then(
    (m) => m.routeTree,
    (error: unknown) => {
      staffRouteTree = undefined // the next router asks again
      throw error
    },
  )
  return staffRouteTree
}

/** A new router, QueryClient and API client per request (and one in the browser). */
export async function getRouter() {
  const inBrowser = typeof window !== 'undefined'
  // The two trees share their route objects (the whole tree's module adds the staff routes to
  // them), so which one a router has is told by the page it started on, not by identity.
  const visitorPageInBrowser = inBrowser && !isStaffPage(window.location.pathname)
  const routeTree = await routeTreeFor(inBrowser ? window.location.pathname : '/')
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
  // A visitor page's router does not know the staff pages: going there is a page load.
  if (visitorPageInBrowser) {
    router.subscribe('onBeforeNavigate', ({ toLocation }) => {
      if (isStaffPage(toLocation.pathname)) window.location.assign(toLocation.href)
    })
  }
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: Awaited<ReturnType<typeof getRouter>>
  }
}
