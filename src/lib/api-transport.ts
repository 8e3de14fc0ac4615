import { createIsomorphicFn } from '@tanstack/react-start'
import { createSsrTransport } from '../server/ssr-transport'
import type { ApiClientOptions } from '../api/client'

type Transport = Pick<ApiClientOptions, 'baseUrl' | 'fetch' | 'xsrfToken'>

const XSRF_COOKIE = 'XSRF-TOKEN'

function readBrowserCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return undefined
}

function browserTransport(): Transport {
  let pending: Promise<void> | null = null
  const fetchCookie = () => {
    pending ??= window
      .fetch('/sanctum/csrf-cookie', { credentials: 'same-origin' })
      .then(() => undefined)
      .finally(() => {
        pending = null
      })
    return pending
  }
  return {
    baseUrl: '',
    fetch: (request) => window.fetch(request),
    xsrfToken: async ({ refresh }) => {
      if (refresh || !readBrowserCookie(XSRF_COOKIE)) await fetchCookie()
      return readBrowserCookie(XSRF_COOKIE)
    },
  }
}

/** In the browser: same-origin fetch. During SSR: the API handler in-process. */
export const createTransport = createIsomorphicFn()
  .server((): Transport => createSsrTransport())
  .client((): Transport => browserTransport())
