import { createIsomorphicFn } from '@tanstack/react-start'
import { getGlobalStartContext } from '@tanstack/react-start'

/** What the server entry puts into each page request's context (src/server.ts). */
export type PageRequestContext = {
  requestId: string
  nonce: string
  /** Set while rendering an error screen for another status than the router's 404/500. */
  responseStatus: { value?: number }
  /** Set by embed routes: the shop's allow-list for frame-ancestors (none: any site). */
  frameAncestors: { value?: string[] }
  buildId: string
}

const current = () => getGlobalStartContext() as Partial<PageRequestContext> | undefined

/** The CSP nonce of this page request (server) — the browser never needs it. */
export const getNonce = createIsomorphicFn()
  .server(() => current()?.nonce)
  .client(() => undefined)

/** Lets an error screen give the HTTP answer its real status (e.g. 400, 401). */
export const setSsrStatus = createIsomorphicFn()
  .server((status: number) => {
    const holder = current()?.responseStatus
    if (holder) holder.value = status
  })
  .client((_status: number) => {})

/** Request id of this page request, shown on error screens in development. */
export const getPageRequestId = createIsomorphicFn()
  .server(() => current()?.requestId)
  .client(() => undefined)

/** Embed routes: the origins allowed to frame this page (the shop's allow-list), for the CSP. */
export const setSsrFrameAncestors = createIsomorphicFn()
  .server((origins: readonly string[]) => {
    const holder = current()?.frameAncestors
    if (holder) holder.value = [...origins]
  })
  .client((_origins: readonly string[]) => {})
