import { createFileRoute, redirect } from '@tanstack/react-router'
import { negotiateLocale } from '~/lib/locale'
import { getLocaleHints } from '~/functions/request-info'

/** `/` answers in the negotiated locale: cookie, then Accept-Language, then the shop's first language. */
export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => {
    const hints = getLocaleHints()
    const lang = negotiateLocale(hints.cookie, hints.acceptLanguage, context.config.languages)
    throw redirect({ to: '/$lang', params: { lang }, statusCode: 302 })
  },
})
