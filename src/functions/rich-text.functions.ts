import { createServerFn } from '@tanstack/react-start'
import { isLocaleArg, isSlugArg } from '~/lib/offer-search'
import { createApiClient, unwrap } from '~/api/client'
import { createSsrTransport } from '~/server/ssr-transport'
import { sanitizeRichText } from '~/server/rich-text'
import { pickLabel } from '~/lib/locale'

export const LEGAL_KINDS = ['imprint', 'privacyPolicy', 'terms'] as const
export type LegalKind = (typeof LEGAL_KINDS)[number]

/**
 * A legal text of the shop, sanitised on the server (the sanitiser stays out of the browser
 * bundle, and an external back end's HTML is cleaned the same way).
 */
export const getLegalHtml = createServerFn({ method: 'GET' })
  .validator((input: unknown) => {
    const { kind, lang } = (input ?? {}) as { kind?: unknown; lang?: unknown }
    if (!(LEGAL_KINDS as readonly unknown[]).includes(kind) || !isLocaleArg(lang)) throw new Error('invalid arguments')
    return { kind: kind as LegalKind, lang }
  })
  .handler(async ({ data }) => {
    const api = createApiClient({ ...createSsrTransport(), getLocale: () => data.lang })
    const config = (await unwrap(api.GET('/api/webshop/v1/config'))).data
    return { html: sanitizeRichText(pickLabel(config.legal[data.kind], data.lang)) }
  })

/** An offer's description, sanitised on the server like the legal texts. */
export const getOfferDescriptionHtml = createServerFn({ method: 'GET' })
  .validator((input: unknown) => {
    const { slug, lang } = (input ?? {}) as { slug?: unknown; lang?: unknown }
    if (!isSlugArg(slug) || !isLocaleArg(lang)) throw new Error('invalid arguments')
    return { slug, lang }
  })
  .handler(async ({ data }) => {
    const api = createApiClient({ ...createSsrTransport(), getLocale: () => data.lang })
    const offer = (await unwrap(api.GET('/api/webshop/v1/offers/{slug}', { params: { path: { slug: data.slug } } }))).data
    return { html: sanitizeRichText(offer.description) }
  })
