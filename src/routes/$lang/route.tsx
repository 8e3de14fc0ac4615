import { createFileRoute, notFound, Outlet, redirect } from '@tanstack/react-router'
import { effectiveLocale, isLocale } from '../../lib/locale'

/**
 * Every shop page lives under /de, /en or /fr. Another first segment is 404 'Page Not Found';
 * a language the shop does not offer becomes its first language (spec §4).
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
  component: Outlet,
})
