import type { AdminApi } from '~/api/admin-client'
import { ApiError, unwrap } from '~/api/client'

/** The bound of `uploadMedia` (`x-max-body-bytes` in openapi/admin.yaml): a bigger file is refused before it is sent. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/** The types the server takes (it reads the real one from the bytes). */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp'

/**
 * Sends an image file as the request body (not JSON), with its own type; the client adds the
 * anti-forgery token and an Idempotency-Key like for every write. Answers the stored image.
 */
export async function uploadImage(api: AdminApi, file: Blob) {
  if (file.size > MAX_UPLOAD_BYTES) {
    // The answer the server would give, without sending megabytes first.
    throw new ApiError(413, { statusCode: 413, statusMessage: 'Payload too large', message: 'The file is too large.', data: { code: 'body.too_large' } })
  }
  const answer = await unwrap(
    api.POST('/api/admin/v1/media', {
      body: file,
      bodySerializer: (body: Blob) => body,
      headers: { 'content-type': file.type || 'application/octet-stream' },
    }),
  )
  return answer.data
}
