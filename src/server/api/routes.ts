import { createCart, findCart } from '../domain/carts'
import { MAX_WIDTH, MEDIA_ID, MIN_WIDTH, renderMedia } from '../domain/media'
import { ICON_PART, icons } from '../domain/icons'
import { HttpError } from '../http/problem'
import { createXsrfToken, xsrfCookie } from '../http/xsrf'
import { json, type RouteDef } from './types'

/** Every operation of openapi/webshop.yaml that the built-in back end implements. */
export const routes: RouteDef[] = [
  {
    path: '/sanctum/csrf-cookie',
    method: 'GET',
    handler: async (ctx) => {
      const token = createXsrfToken(await ctx.xsrfSecret())
      return new Response(null, {
        status: 204,
        headers: { 'set-cookie': xsrfCookie(token, ctx.secureCookies), 'cache-control': 'no-store' },
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
      const image = await renderMedia(ctx.db, ctx.shop.id, id, width)
      if (!image) {
        throw new HttpError(404, 'Page not found', 'This image does not exist.', { code: 'media.not_found' })
      }
      // Media ids are immutable; a fallback answer is not, the id may be uploaded later.
      const cacheControl = image.fallback
        ? 'public, max-age=300'
        : 'public, max-age=31536000, immutable'
      const headers = { etag: image.etag, 'cache-control': cacheControl }
      if (ctx.request.headers.get('if-none-match') === image.etag) {
        return new Response(null, { status: 304, headers })
      }
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
      const cart = await createCart(ctx.db, ctx.shop.id, ctx.locale)
      return json('/api/webshop/v1/carts', 'post', { data: cart }, { status: 201 })
    },
  },
  {
    path: '/api/webshop/v1/carts/{cartId}',
    method: 'GET',
    handler: async (ctx, params) => {
      const cart = await findCart(ctx.db, ctx.shop.id, params.cartId ?? '')
      if (!cart) {
        throw new HttpError(404, 'Page not found', 'This cart does not exist.', { code: 'cart.not_found' })
      }
      return json('/api/webshop/v1/carts/{cartId}', 'get', { data: cart })
    },
  },
]
