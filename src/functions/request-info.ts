import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { LOCALE_COOKIE } from '~/lib/locale-cookie'

/** What the `/` route negotiates the locale from: the locale cookie and Accept-Language. */
export const getLocaleHints = createIsomorphicFn()
  .server(() => {
    const request = getRequest()
    const cookie = (request.headers.get('cookie') ?? '')
      .split(';')
      .map((c) => c.trim().split('='))
      .find(([name]) => name === LOCALE_COOKIE)?.[1]
    return { cookie, acceptLanguage: request.headers.get('accept-language') }
  })
  .client(() => {
    const cookie = document.cookie
      .split(';')
      .map((c) => c.trim().split('='))
      .find(([name]) => name === LOCALE_COOKIE)?.[1]
    return { cookie, acceptLanguage: navigator.languages.join(',') }
  })
