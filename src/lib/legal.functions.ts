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
