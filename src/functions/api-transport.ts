import { createIsomorphicFn } from '@tanstack/react-start'
import { createSsrTransport } from '~/server/ssr-transport'
import type { ApiClientOptions } from '~/api/client'

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
  // Embedded on another site the browser keeps no cookie of ours: the cookie-less token that the
  // same answer carries in a header is kept here instead (ADR 013).
  let frameToken: string | undefined
  const fetchCookie = () => {
    pending ??= window
      .fetch('/sanctum/csrf-cookie', { credentials: 'same-origin' })
      .then((response) => {
        frameToken = response.headers.get('x-xsrf-token') ?? frameToken
      })
      .finally(() => {
        pending = null
      })
    return pending
  }
  return {
    baseUrl: '',
    fetch: (request) => window.fetch(request),
    xsrfToken: async ({ refresh }) => {
      if (refresh || (!readBrowserCookie(XSRF_COOKIE) && !frameToken)) await fetchCookie()
      // The cookie wins when the browser has it (the server then requires header = cookie).
      return readBrowserCookie(XSRF_COOKIE) ?? frameToken
    },
  }
}

/** In the browser: same-origin fetch. During SSR: the API handler in-process. */
export const createTransport = createIsomorphicFn()
  .server((): Transport => createSsrTransport())
  .client((): Transport => browserTransport())
