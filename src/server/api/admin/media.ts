import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { DomainError } from '~/server/domain/errors'
import { MediaBusy } from '~/server/domain/media'
import { uploadMedia } from '~/server/domain/media-upload'
import { HttpError, problemOf } from '~/server/http/problem'
import { staffOf } from './context'

/**
 * A well-formed upload whose content the server refuses (not an image we take, damaged, too many
 * pixels) is 422, not the 400 of a malformed request; the body is the usual field error on `file`.
 */
function asUploadError(error: unknown): never {
  if (error instanceof DomainError && error.kind === 'invalid') {
    const problem = problemOf(error)
    throw new HttpError(422, 'Unprocessable request', problem.message, problem.data)
  }
  if (error instanceof MediaBusy) {
    throw new HttpError(503, 'Service unavailable', 'Too many images are being prepared at once. Please try again in a moment.', { code: 'media.busy' }, { 'retry-after': '1' })
  }
  throw error
}

export const media = {
  uploadMedia: {
    handler: async (ctx) => {
      const bytes = new Uint8Array(await ctx.request.arrayBuffer())
      const stored = await uploadMedia(ctx.db, staffOf(ctx).shopId, { bytes, declaredType: ctx.request.headers.get('content-type') }).catch(asUploadError)
      return json('uploadMedia', { data: stored }, { status: 201 })
    },
  },
} satisfies Partial<AdminOperationHandlers>
