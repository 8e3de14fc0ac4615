import { z } from 'zod'
import { addCartItem, createCart, findCart, removeCartItem, updateCartItem } from '../domain/carts'
import { daySlots, loadOffers, monthAvailability, toDetail, toSummary, upcomingDays, type CatalogueContext } from '../domain/offers/catalogue'
import { listOffers } from '../domain/offers/listing'
import { checkoutCart, findBookingOfCart } from '../domain/checkout'
import { applyPaymentEvent, findPaymentLink, startCartPayment, startLinkPayment, type StartContext } from '../domain/payments'
import { answerRequest, getRequest, listRequests } from '../domain/operator'
import { cancelBooking } from '../domain/unpaid'
import { WebhookRejected } from '../payments/provider'
import { bookingToIcs } from '../mail/ics'
import { pickText } from '../../lib/locale-text'
import { isValidDate, isValidMonth } from '../domain/offers/zoned-time'
import type { ApiContext } from './types'
import { createMicroCache } from '../http/micro-cache'

const readCache = createMicroCache<unknown>(2_000)
const cacheKey = (ctx: ApiContext) => `${ctx.shop.id}|${ctx.locale}|${ctx.url.pathname}${ctx.url.search}`
import { MAX_WIDTH, MEDIA_ID, MediaBusy, MIN_WIDTH, renderMedia } from '../domain/media'
import { ICON_PART, icons } from '../domain/icons'
import { HttpError } from '../http/problem'
import { createFrameToken, createXsrfToken, XSRF_HEADER, xsrfCookie } from '../http/xsrf'
import { json, type RouteDef } from './types'

/** Every operation of openapi/webshop.yaml that the built-in back end implements. */
export const routes: RouteDef[] = [
  {
    path: '/sanctum/csrf-cookie',
    method: 'GET',
    handler: async (ctx) => {
      const secret = await ctx.xsrfSecret()
      const token = createXsrfToken(secret)
      return new Response(null, {
        status: 204,
        headers: {
          'set-cookie': xsrfCookie(token, ctx.secureCookies),
          // For embedded frames, where the cookie is not available (ADR 013).
          [XSRF_HEADER]: createFrameToken(secret, ctx.now),
          'cache-control': 'no-store',
        },
      })
    },
  },
  {
    path: '/api/webshop/v1/config',
    method: 'GET',
    handler: async (ctx) =>
      json('/api/webshop/v1/config', 'get', { data: ctx.shop.config }, {
        headers: { 'cache-control': 'no-cache', vary: 'x-flowin-locale' },
      }),
  },
  {
    path: '/api/media/v1/media/{mediaId}.jpg',
    method: 'GET',
    handler: async (ctx, params) => {
      const id = params.mediaId ?? ''
      if (!MEDIA_ID.test(id)) {
        throw new HttpError(400, 'Invalid enquiry', 'The media id may only contain A-Z, a-z, 0-9, _ and - (at most 64).', {
          code: 'media.invalid_id',
        })
      }
      const widthParam = ctx.url.searchParams.get('width')
      let width: number | undefined
      if (widthParam !== null) {
        width = /^\d{1,5}$/.test(widthParam) ? Number(widthParam) : Number.NaN
        if (!Number.isInteger(width) || width < MIN_WIDTH || width > MAX_WIDTH) {
          throw new HttpError(
            400,
            'Invalid enquiry',
            `The width must be a whole number of pixels from ${MIN_WIDTH} to ${MAX_WIDTH}.`,
            { code: 'media.invalid_width', errors: { width: { code: 'out_of_range', params: { min: MIN_WIDTH, max: MAX_WIDTH } } } },
          )
        }
      }
      const image = await renderMedia(ctx.db, ctx.shop.id, id, width, { ifNoneMatch: ctx.request.headers.get('if-none-match') }).catch((error: unknown) => {
        if (error instanceof MediaBusy) {
          throw new HttpError(503, 'Service unavailable', 'Too many images are being prepared at once. Please try again in a moment.', { code: 'media.busy' }, { 'retry-after': '1' })
        }
        throw error
      })
      if (!image) {
        throw new HttpError(404, 'Page not found', 'This image does not exist.', { code: 'media.not_found' })
      }
      // Media ids are immutable; a fallback answer is not, the id may be uploaded later.
      const cacheControl = image.fallback
        ? 'public, max-age=300'
        : 'public, max-age=31536000, immutable'
      const headers = { etag: image.etag, 'cache-control': cacheControl }
      if (!image.body) return new Response(null, { status: 304, headers })
      return new Response(image.body as BodyInit, {
        status: 200,
        headers: { ...headers, 'content-type': 'image/jpeg', 'content-length': String(image.body.byteLength) },
      })
    },
  },
  {
    path: '/api/webshop/v1/icons/{prefix}/{name}.svg',
    method: 'GET',
    handler: async (_ctx, params) => {
      const prefix = params.prefix ?? ''
      const name = params.name ?? ''
      if (!ICON_PART.test(prefix) || !ICON_PART.test(name)) {
        throw new HttpError(400, 'Invalid enquiry', 'An icon is named by lower-case letters, digits and dashes.', {
          code: 'icon.invalid_name',
        })
      }
      const svg = await icons.get(prefix, name)
      if (!svg) throw new HttpError(404, 'Page not found', `There is no icon ${prefix}:${name}.`, { code: 'icon.not_found' })
      return new Response(svg, {
        headers: {
          'content-type': 'image/svg+xml',
          'cache-control': 'public, max-age=86400',
          // an SVG opened on its own must not run anything
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        },
      })
    },
  },
  {
    path: '/api/webshop/v1/carts',
    method: 'POST',
    handler: async (ctx) => {
      const created = await createCart(catalogue(ctx))
      const cart = (await findCart(catalogue(ctx), created.id))!
      return json('/api/webshop/v1/carts', 'post', { data: cart }, { status: 201 })
    },
  },
  {
    path: '/api/webshop/v1/carts/{cartId}',
    method: 'GET',
    handler: async (ctx, params) => {
      const cart = await findCart(catalogue(ctx), params.cartId ?? '')
      if (!cart) {
        throw new HttpError(404, 'Page not found', 'This cart does not exist.', { code: 'cart.not_found' })
      }
      return json('/api/webshop/v1/carts/{cartId}', 'get', { data: cart })
    },
  },
  {
    path: '/api/webshop/v1/carts/{cartId}/items',
    method: 'POST',
    handler: async (ctx, params) => {
      const input = await readBody(ctx, CartItemInput)
      const cart = await addCartItem(catalogue(ctx), params.cartId ?? '', input, { clientAddress: ctx.clientAddress })
      return json('/api/webshop/v1/carts/{cartId}/items', 'post', { data: cart }, { status: 201 })
    },
  },
  {
    path: '/api/webshop/v1/carts/{cartId}/items/{itemId}',
    method: 'PATCH',
    handler: async (ctx, params) => {
      const input = await readBody(ctx, z.object({ quantity: z.number().int() }).strict())
      const cart = await updateCartItem(catalogue(ctx), params.cartId ?? '', params.itemId ?? '', input.quantity, { clientAddress: ctx.clientAddress })
      return json('/api/webshop/v1/carts/{cartId}/items/{itemId}', 'patch', { data: cart })
    },
  },
  {
    path: '/api/webshop/v1/carts/{cartId}/items/{itemId}',
    method: 'DELETE',
    handler: async (ctx, params) => {
      const cart = await removeCartItem(catalogue(ctx), params.cartId ?? '', params.itemId ?? '')
      return json('/api/webshop/v1/carts/{cartId}/items/{itemId}', 'delete', { data: cart })
    },
  },
  {
    path: '/api/webshop/v1/carts/{cartId}/checkout',
    method: 'POST',
    handler: async (ctx, params) => {
      const input = await readBody(ctx, CheckoutBody)
      const booking = await checkoutCart(catalogue(ctx), params.cartId ?? '', input, { origin: ctx.origin })
      return json('/api/webshop/v1/carts/{cartId}/checkout', 'post', { data: booking }, { status: 201 })
    },
  },
  {
    path: '/api/webshop/v1/carts/{cartId}/booking',
    method: 'GET',
    handler: async (ctx, params) => {
      const booking = await findBookingOfCart(catalogue(ctx), params.cartId ?? '')
      if (!booking) throw new HttpError(404, 'Page not found', 'No booking was made from this cart.', { code: 'booking.not_found' })
      return json('/api/webshop/v1/carts/{cartId}/booking', 'get', { data: booking }, { headers: { 'cache-control': 'no-store' } })
    },
  },
  {
    path: '/api/webshop/v1/carts/{cartId}/booking.ics',
    method: 'GET',
    handler: async (ctx, params) => {
      const booking = await findBookingOfCart(catalogue(ctx), params.cartId ?? '')
      if (!booking || booking.mode !== 'order') {
        throw new HttpError(404, 'Page not found', 'There are no confirmed dates for this cart.', { code: 'booking.not_found' })
      }
      const { contact, timeZone } = ctx.shop.config
      const ics = bookingToIcs(booking, {
        id: ctx.shop.id,
        name: pickText(ctx.shop.config.labels.title, ctx.locale),
        timeZone,
        address: `${contact.address.street} ${contact.address.streetNumber}, ${contact.address.postalCode} ${contact.address.city}`,
      })
      return new Response(ics, {
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': `attachment; filename="booking-${booking.code}.ics"`,
          'cache-control': 'no-store',
        },
      })
    },
  },
  {
    path: '/api/webshop/v1/carts/{cartId}/booking/payments',
    method: 'POST',
    handler: async (ctx, params) => {
      const started = await startCartPayment(startContext(ctx), params.cartId ?? '')
      return json('/api/webshop/v1/carts/{cartId}/booking/payments', 'post', { data: started }, { status: 201 })
    },
  },
  {
    path: '/api/webshop/v1/payment-links/{token}',
    method: 'GET',
    handler: async (ctx, params) => {
      const view = await findPaymentLink(ctx.db, ctx.shop, params.token ?? '', ctx.now)
      return json('/api/webshop/v1/payment-links/{token}', 'get', { data: view }, { headers: { 'cache-control': 'no-store' } })
    },
  },
  {
    path: '/api/webshop/v1/payment-links/{token}/payments',
    method: 'POST',
    handler: async (ctx, params) => {
      const started = await startLinkPayment(startContext(ctx), params.token ?? '')
      return json('/api/webshop/v1/payment-links/{token}/payments', 'post', { data: started }, { status: 201 })
    },
  },
  {
    path: '/api/webshop/v1/payments/webhooks/{provider}',
    method: 'POST',
    access: 'provider',
    handler: async (ctx, params) => {
      const provider = ctx.payments.get(params.provider ?? '')
      if (!provider) throw new HttpError(404, 'Page not found', 'There is no such payment provider.', { code: 'webhook.unknown_provider' })
      const body = await ctx.request.text()
      let event
      try {
        event = await provider.verifyWebhook({ headers: ctx.request.headers, body, now: ctx.now })
      } catch (error) {
        if (error instanceof WebhookRejected) throw new HttpError(400, 'Invalid enquiry', error.message, { code: error.code })
        throw error
      }
      const result = await applyPaymentEvent({ db: ctx.db, shop: ctx.shop, now: ctx.now }, provider.id, event)
      return json('/api/webshop/v1/payments/webhooks/{provider}', 'post', { data: { result } })
    },
  },
  {
    path: '/api/webshop/v1/operator/requests',
    method: 'GET',
    access: 'operator',
    handler: async (ctx) => {
      const { status } = parseQuery(ctx, z.object({ status: z.enum(['REQUESTED', 'ACCEPTED', 'DECLINED', 'PAID', 'CANCELLED']).optional() }).strict())
      const data = await listRequests(catalogue(ctx), status)
      return json('/api/webshop/v1/operator/requests', 'get', { data }, { headers: { 'cache-control': 'no-store' } })
    },
  },
  {
    path: '/api/webshop/v1/operator/requests/{code}',
    method: 'GET',
    access: 'operator',
    handler: async (ctx, params) => {
      const data = await getRequest(catalogue(ctx), params.code ?? '')
      return json('/api/webshop/v1/operator/requests/{code}', 'get', { data }, { headers: { 'cache-control': 'no-store' } })
    },
  },
  {
    path: '/api/webshop/v1/operator/requests/{code}/answer',
    method: 'POST',
    access: 'operator',
    handler: async (ctx, params) => {
      const answer = await readBody(ctx, z.object({ decision: z.enum(['accept', 'decline']), reply: z.string().max(2000).optional() }).strict())
      const data = await answerRequest(catalogue(ctx), params.code ?? '', answer, { origin: ctx.origin })
      return json('/api/webshop/v1/operator/requests/{code}/answer', 'post', { data })
    },
  },
  {
    path: '/api/webshop/v1/operator/bookings/{code}/cancel',
    method: 'POST',
    access: 'operator',
    handler: async (ctx, params) => {
      const { message } = await readBody(ctx, z.object({ message: z.string().max(2000).optional() }).strict())
      const data = await cancelBooking(catalogue(ctx), params.code ?? '', { message, providers: ctx.payments })
      return json('/api/webshop/v1/operator/bookings/{code}/cancel', 'post', { data })
    },
  },
  {
    path: '/api/webshop/v1/offers',
    method: 'GET',
    handler: async (ctx) => {
      const query = parseQuery(ctx, ListQuery, { tag: ctx.url.searchParams.getAll('tag') })
      const result = (await readCache(cacheKey(ctx), () => listOffers(catalogue(ctx), query))) as Awaited<ReturnType<typeof listOffers>>
      return json('/api/webshop/v1/offers', 'get', result, { headers: { 'cache-control': 'no-cache' } })
    },
  },
  {
    path: '/api/webshop/v1/offers/{slug}',
    method: 'GET',
    handler: async (ctx, params) => {
      const c = catalogue(ctx)
      const detail = (await readCache(cacheKey(ctx), async () => {
        const item = await offerOr404(c, params.slug)
        const days = (await upcomingDays(c, [item])).get(item.offer.id) ?? []
        return toDetail(c, item, days)
      })) as ReturnType<typeof toDetail>
      return json('/api/webshop/v1/offers/{slug}', 'get', { data: detail })
    },
  },
  {
    path: '/api/webshop/v1/offers/{slug}/related',
    method: 'GET',
    handler: async (ctx, params) => {
      const c = catalogue(ctx)
      const data = (await readCache(cacheKey(ctx), async () => {
        const item = await offerOr404(c, params.slug)
        const all = await loadOffers(c.db, c.shop.id)
        const related = item.offer.related
          .map((slug) => all.find((o) => o.offer.slug === slug))
          .filter((o): o is NonNullable<typeof o> => !!o && o.offer.id !== item.offer.id)
        const days = await upcomingDays(c, related)
        return related.map((r) => toSummary(c, r, days.get(r.offer.id) ?? []))
      })) as ReturnType<typeof toSummary>[]
      return json('/api/webshop/v1/offers/{slug}/related', 'get', { data })
    },
  },
  {
    path: '/api/webshop/v1/offers/{slug}/availability',
    method: 'GET',
    handler: async (ctx, params) => {
      const month = ctx.url.searchParams.get('month') ?? ''
      if (!isValidMonth(month)) {
        throw new HttpError(400, 'Invalid enquiry', 'The month must look like 2026-11.', {
          code: 'validation',
          errors: { month: { code: 'invalid_string', params: { format: 'YYYY-MM' } } },
        })
      }
      const c = catalogue(ctx)
      // Cached like the offer itself: every listing page renders this month (display only; holds
      // and bookings check places in their own transactions).
      const data = (await readCache(cacheKey(ctx), async () => monthAvailability(c, await offerOr404(c, params.slug), month))) as Awaited<ReturnType<typeof monthAvailability>>
      return json('/api/webshop/v1/offers/{slug}/availability', 'get', { data })
    },
  },
  {
    path: '/api/webshop/v1/offers/{slug}/dates/{date}',
    method: 'GET',
    handler: async (ctx, params) => {
      const date = params.date ?? ''
      if (!isValidDate(date)) {
        throw new HttpError(400, 'Invalid enquiry', 'The date must look like 2026-11-22.', {
          code: 'validation',
          errors: { date: { code: 'invalid_string', params: { format: 'YYYY-MM-DD' } } },
        })
      }
      const c = catalogue(ctx)
      const item = await offerOr404(c, params.slug)
      return json('/api/webshop/v1/offers/{slug}/dates/{date}', 'get', { data: { date, slots: await daySlots(c, item, date) } })
    },
  },
]

function startContext(ctx: ApiContext): StartContext {
  return { db: ctx.db, shop: ctx.shop, locale: ctx.locale, now: ctx.now, origin: ctx.origin, provider: ctx.payments.forShop(ctx.shop) }
}

function catalogue(ctx: ApiContext): CatalogueContext {
  return { db: ctx.db, shop: ctx.shop, locale: ctx.locale, now: ctx.now }
}

async function offerOr404(c: CatalogueContext, slug: string | undefined) {
  const [item] = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug ?? '') ? await loadOffers(c.db, c.shop.id, { slug }) : []
  if (!item) throw new HttpError(404, 'Page not found', 'This offer does not exist.', { code: 'offer.not_found' })
  return item
}

const CartItemInput = z
  .object({
    offer: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    sku: z.string().min(1).max(64),
    sessionId: z.string().min(1).max(64).optional(),
    start: z.string().datetime({ offset: true }).optional(),
    quantity: z.number().int().min(1).max(50),
  })
  .strict()

const Participant = z
  .object({
    firstname: z.string().max(100),
    surname: z.string().max(100),
    forSelf: z.boolean().optional(),
    extras: z.array(z.string().max(64)).max(20),
  })
  .strict()

/** The shape of a checkout; the field rules (required, e-mail, phone …) are checked by validateCheckout. */
const CheckoutBody = z
  .object({
    mode: z.enum(['order', 'request']),
    items: z.array(z.object({ itemId: z.string().max(64), participants: z.array(Participant).max(200) }).strict()).max(50),
    customer: z.object({ type: z.enum(['PRIVATE', 'COMPANY']), company: z.string().max(200).optional() }).strict(),
    person: z.object({ firstname: z.string().max(100), surname: z.string().max(100), email: z.string().max(254), phone: z.string().max(40) }).strict(),
    address: z
      .object({ street: z.string().max(200), streetNumber: z.string().max(20), postalCode: z.string().max(20), city: z.string().max(100), country: z.string().max(2) })
      .strict(),
    paymentMethod: z.enum(['PAY_NOW', 'PAY_LATER', 'PAY_ON_SITE', 'PAY_LATER_OR_ON_SITE']),
    termsAccepted: z.boolean(),
    message: z.string().max(2000).optional(),
  })
  .strict()

const ListQuery = z
  .object({
    tag: z.array(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)).max(10).default([]),
    from: z.string().refine(isValidDate, 'invalid_date').optional(),
    to: z.string().refine(isValidDate, 'invalid_date').optional(),
    type: z.enum(['activity', 'private']).optional(),
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    perPage: z.coerce.number().int().min(1).max(50).default(12),
  })
  .strict()

/** Field errors of zod as the contract's `data.errors` (field path → code and parameters). */
function validationError(error: z.ZodError) {
  const errors: Record<string, { code: string; params?: Record<string, unknown> }> = {}
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_'
    if (errors[path]) continue
    const params: Record<string, unknown> = {}
    for (const key of ['minimum', 'maximum', 'expected', 'format'] as const) {
      if (key in issue) params[key] = (issue as unknown as Record<string, unknown>)[key]
    }
    errors[path] = { code: issue.code === 'custom' ? issue.message : issue.code, params }
  }
  return new HttpError(400, 'Invalid enquiry', 'Please check your entries and try again.', { code: 'validation', errors })
}

function parseQuery<T extends z.ZodTypeAny>(ctx: ApiContext, schema: T, extra: Record<string, unknown> = {}): z.infer<T> {
  const raw: Record<string, unknown> = {}
  for (const [key, value] of ctx.url.searchParams) if (!(key in extra)) raw[key] = value
  const nul = pathOfNul(raw)
  if (nul !== undefined) throw new HttpError(400, 'Invalid enquiry', 'Please check your entries and try again.', { code: 'validation', errors: { [nul || '_']: { code: 'invalid', params: {} } } })
  const parsed = schema.safeParse({ ...raw, ...extra })
  if (!parsed.success) throw validationError(parsed.error)
  return parsed.data
}

async function readBody<T extends z.ZodTypeAny>(ctx: ApiContext, schema: T): Promise<z.infer<T>> {
  let body: unknown
  try {
    body = await ctx.request.json()
  } catch {
    throw new HttpError(400, 'Invalid enquiry', 'The request body must be JSON.', { code: 'body.invalid_json' })
  }
  const nul = pathOfNul(body)
  if (nul !== undefined) {
    // PostgreSQL cannot store U+0000 in text; no form sends it (found by the contract fuzzer).
    throw new HttpError(400, 'Invalid enquiry', 'Please check your entries and try again.', { code: 'validation', errors: { [nul || '_']: { code: 'invalid', params: {} } } })
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw validationError(parsed.error)
  return parsed.data
}

/**
 * The dotted path of the first string (or key) holding U+0000 in a JSON value, if any. Walks
 * with its own stack: a body of thousands of nested arrays must not overflow the call stack
 * (found by the contract fuzzer).
 */
function pathOfNul(root: unknown): string | undefined {
  type Node = { value: unknown; key: string; parent?: Node }
  const pathOf = (node: Node) => {
    const keys: string[] = []
    for (let n: Node | undefined = node; n?.parent; n = n.parent) keys.push(n.key)
    return keys.reverse().join('.')
  }
  const stack: Node[] = [{ value: root, key: '' }]
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { value } = node
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(node)
      continue
    }
    if (!value || typeof value !== 'object') continue
    for (const [key, inner] of Object.entries(value).reverse()) {
      const child = { value: inner, key, parent: node }
      if (key.includes('\u0000')) return pathOf(child)
      stack.push(child)
    }
  }
  return undefined
}
