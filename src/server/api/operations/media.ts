import { createHash } from 'node:crypto'
import { icons } from '~/server/domain/icons'
import { MAX_WIDTH, MediaBusy, MIN_WIDTH, renderMedia } from '~/server/domain/media'
import { ifNoneMatches } from '~/server/http/conditional'
import { HttpError } from '~/server/http/problem'
import type { OperationHandlers } from '~/server/api/types'

const invalidIconName = () =>
  new HttpError(400, 'Invalid enquiry', 'An icon is named by lower-case letters, digits and dashes.', { code: 'icon.invalid_name' })

export const media = {
  getMedia: {
    invalidParameter: {
      mediaId: () =>
        new HttpError(400, 'Invalid enquiry', 'The media id may only contain A-Z, a-z, 0-9, _ and - (at most 64).', { code: 'media.invalid_id' }),
      width: () =>
        new HttpError(400, 'Invalid enquiry', `The width must be a whole number of pixels from ${MIN_WIDTH} to ${MAX_WIDTH}.`, {
          code: 'media.invalid_width',
          errors: { width: { code: 'out_of_range', params: { min: MIN_WIDTH, max: MAX_WIDTH } } },
        }),
    },
    handler: async (ctx, { path, query }) => {
      const image = await renderMedia(ctx.db, ctx.shop.id, path.mediaId, query.width, {
        // a list, `*`, or the tag made weak on the way (RFC 9110's weak comparison)
        clientHas: (etag) => ifNoneMatches(ctx.request.headers.get('if-none-match'), etag),
      }).catch((error: unknown) => {
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
  getIcon: {
    invalidParameter: { prefix: invalidIconName, name: invalidIconName },
    handler: async (_ctx, { path: { prefix, name } }) => {
      const svg = await icons.get(prefix, name)
      if (!svg) throw new HttpError(404, 'Page not found', `There is no icon ${prefix}:${name}.`, { code: 'icon.not_found' })
      // Kept a day, then revalidated by the SVG's own tag (the dispatcher answers 304): the
      // address names no version, and an icon set upgraded with the app may redraw an icon, so
      // never `immutable`. The same for every shop and language; the server gzips SVG, so it
      // varies on Accept-Encoding (its 304 too: scripts/serve.ts weakens that 304's tag).
      return new Response(svg, {
        headers: {
          'content-type': 'image/svg+xml',
          'cache-control': 'public, max-age=86400',
          etag: `"${createHash('sha256').update(svg).digest('base64url')}"`,
          vary: 'accept-encoding',
          // an SVG opened on its own must not run anything
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        },
      })
    },
  },
} satisfies Partial<OperationHandlers>
