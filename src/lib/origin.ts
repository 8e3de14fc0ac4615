import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'

/** The shop's origin as the visitor sees it (for absolute URLs: hreflang, og:image). */
export const getOrigin = createIsomorphicFn()
  .server(() => {
    const request = getRequest()
    const url = new URL(request.url)
    const proto = request.headers.get('x-forwarded-proto')
    return `${proto === 'https' ? 'https:' : url.protocol}//${url.host}`
  })
  .client(() => window.location.origin)
