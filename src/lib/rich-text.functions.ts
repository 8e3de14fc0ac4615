import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { createApiClient, unwrap } from '../api/client'
import { createSsrTransport } from '../server/ssr-transport'
import { sanitizeRichText } from '../server/rich-text'
import { pickLabel } from './locale'

export const LEGAL_KINDS = ['imprint', 'privacyPolicy', 'terms'] as const
export type LegalKind = (typeof LEGAL_KINDS)[number]

/**
 * A legal text of the shop, sanitised on the server (the sanitiser stays out of the browser
 * bundle, and an external back end's HTML is cleaned the same way).
 */
export const getLegalHtml = createServerFn({ method: 'GET' })
  .validator(z.object({ kind: z.enum(LEGAL_KINDS), lang: z.enum(['de', 'en', 'fr']) }))
  .handler(async ({ data }) => {
    const api = createApiClient({ ...createSsrTransport(), getLocale: () => data.lang })
    const config = (await unwrap(api.GET('/api/webshop/v1/config'))).data
    return { html: sanitizeRichText(pickLabel(config.legal[data.kind], data.lang)) }
  })

/** An offer's description, sanitised on the server like the legal texts. */
export const getOfferDescriptionHtml = createServerFn({ method: 'GET' })
  .validator(z.object({ slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(100), lang: z.enum(['de', 'en', 'fr']) }))
  .handler(async ({ data }) => {
    const api = createApiClient({ ...createSsrTransport(), getLocale: () => data.lang })
    const offer = (await unwrap(api.GET('/api/webshop/v1/offers/{slug}', { params: { path: { slug: data.slug } } }))).data
    return { html: sanitizeRichText(offer.description) }
  })
