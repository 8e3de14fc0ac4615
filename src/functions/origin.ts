import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getRuntime } from '~/server/runtime'

/**
 * The shop's canonical origin for absolute URLs (canonical, hreflang, og:image): decided by
 * src/server/http/public-origin.ts from the shop and configuration, never from request headers.
 */
export const getOrigin = createIsomorphicFn()
  .server(async (): Promise<string> => {
    const request = getRequest()
    const runtime = await getRuntime()
    return (await runtime.origin(request.headers.get('host') ?? new URL(request.url).host)) ?? ''
  })
  .client(async (): Promise<string> => window.location.origin)
