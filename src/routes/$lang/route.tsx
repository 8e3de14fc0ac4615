import { useEffect } from 'react'
import { createFileRoute, notFound, Outlet, redirect } from '@tanstack/react-router'
import { effectiveLocale, isLocale } from '~/lib/locale'
import { setDateLocale } from '~/lib/dates'

/**
 * Every shop page lives under /de, /en or /fr. Another first segment is an unmatched path (404
 * 'Page not found: {path}'); a language the shop does not offer becomes its first language, or de.
 */
export const Route = createFileRoute('/$lang')({
  params: {
    parse: ({ lang }) => {
      if (!isLocale(lang)) throw notFound()
      return { lang }
    },
    stringify: ({ lang }) => ({ lang }),
  },
  beforeLoad: ({ context, params, location }) => {
    const lang = effectiveLocale(params.lang, context.config.languages)
    if (lang !== params.lang) {
      throw redirect({ href: `/${lang}${location.pathname.slice(params.lang.length + 1)}${location.searchStr}`, statusCode: 307 })
    }
    return { lang }
  },
  head: ({ match, matches }) => {
    const { config, origin, lang } = match.context
    const leaf = matches[matches.length - 1] ?? match
    const rest = leaf.pathname.replace(/\/$/, '').replace(/^\/(de|en|fr)(?=\/|$)/, '')
    const languages = config.languages.filter(isLocale)
    return {
      links: [
        ...languages.map((l) => ({ rel: 'alternate', hrefLang: l, href: `${origin}/${l}${rest}` })),
        ...(rest === '' ? [{ rel: 'alternate', hrefLang: 'x-default', href: `${origin}/` }] : []),
        { rel: 'canonical', href: `${origin}/${lang}${rest}` },
      ],
    }
  },
  component: LangRoot,
})

function LangRoot() {
  const { lang } = Route.useRouteContext()
  useEffect(() => setDateLocale(lang), [lang])
  // The page's content has hydrated (this effect runs after those of everything below it): links
  // navigate client-side from now on. Tests wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return <Outlet />
}
