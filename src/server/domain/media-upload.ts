/**
 * Images the staff upload (hero, logo, offer pictures). Nothing of the file is trusted: its type
 * is read from its bytes and must be the one declared and one of JPEG, PNG and WebP (so librsvg,
 * the GIF, HEIF and PDF loaders never see an upload); its size in pixels is read from its header
 * and bounded before a pixel is decoded (an image bomb is a few bytes claiming billions of
 * pixels). The image is then decoded and encoded again, upright and in sRGB: only pixels survive,
 * no EXIF (GPS, camera, owner), XMP, ICC profile or comment.
 *
 * It is encoded again in its own format: a photo stays a JPEG (lossy, small), a logo a PNG
 * (lossless, sharp edges, transparency), a WebP a WebP. One format for all would either blur
 * logos or bloat photos, and the pages get JPEGs of any of them from the renderer (./media.ts).
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '~/server/db/client'
import { invalidField } from './errors'
import { MediaBusy, storeMedia } from './media'

export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type UploadType = (typeof UPLOAD_TYPES)[number]

/** Pixels an upload may have: 40 MP, more than any phone or camera photo an operator would use. */
export const MAX_INPUT_PIXELS = 40_000_000
/** Pixels on a side, however thin the image (a 12 000 × 3 000 panorama is fine). */
export const MAX_INPUT_SIDE = 12_000
/** The stored image's longer side at most: above the largest width the pages ask for (2560). */
export const MAX_STORED_SIDE = 3000

export type UploadedMedia = { id: string; width: number; height: number; contentType: UploadType }

const FIELD = 'file'
const unsupported = () => invalidField(FIELD, 'media.unsupported_type', 'Only JPEG, PNG and WebP images can be uploaded.')
const unreadable = () => invalidField(FIELD, 'media.unreadable', 'The image cannot be read; the file may be damaged.')
const tooLarge = () =>
  invalidField(FIELD, 'media.too_large_dimensions', `The image is too large: at most ${MAX_INPUT_SIDE} pixels on a side and ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`, {
    maxSide: MAX_INPUT_SIDE,
    maxPixels: MAX_INPUT_PIXELS,
  })

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))

/** The type the file's signature (its first bytes) names, if it is one we take. */
export function sniffImageType(bytes: Uint8Array): UploadType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png'
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp'
  return null
}

const FORMATS: Record<string, UploadType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

/** The declared media type without parameters, lower-case (`Image/PNG; x=1` → `image/png`). */
const mediaTypeOf = (header: string | null) => header?.split(';')[0]?.trim().toLowerCase() ?? ''

/**
 * At most two uploads are decoded at once (each may take a core and a few hundred MB for a
 * moment), eight wait; one more is refused at once (MediaBusy) rather than queued without end.
 */
export function createUploadGate(concurrency: number, maxQueue: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= concurrency) {
      if (waiting.length >= maxQueue) throw new MediaBusy()
      await new Promise<void>((resolve) => waiting.push(resolve))
    }
    active++
    try {
      return await work()
    } finally {
      active--
      waiting.shift()?.()
    }
  }
}
const gate = createUploadGate(2, 8)

/** Decodes, turns upright, scales down to MAX_STORED_SIDE and encodes again without any metadata. */
async function reencode(bytes: Uint8Array, type: UploadType): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp')
  // sharp writes no metadata unless asked (withMetadata/keep*): EXIF, XMP, ICC and comments go;
  // colours are converted to sRGB. limitInputPixels guards the decoder itself once more.
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
  const encoded = type === 'image/jpeg' ? image.jpeg({ quality: 90 }) : type === 'image/png' ? image.png() : image.webp({ quality: 90 })
  return new Uint8Array(await encoded.toBuffer())
}

/**
 * Stores an uploaded image for `shopId` under a new unguessable id. Refuses (422 at the API, a
 * field error on `file`): another type than JPEG, PNG or WebP, a declared type that is not the
 * real one, a damaged file, more than MAX_INPUT_PIXELS or MAX_INPUT_SIDE (before decoding).
 */
export async function uploadMedia(db: Db, shopId: string, input: { bytes: Uint8Array; declaredType: string | null }): Promise<UploadedMedia> {
  const declared = mediaTypeOf(input.declaredType)
  const sniffed = sniffImageType(input.bytes)
  if (!sniffed || !(UPLOAD_TYPES as readonly string[]).includes(declared)) throw unsupported()
  if (sniffed !== declared) {
    throw invalidField(FIELD, 'media.type_mismatch', 'The file is not the type of image it claims to be.', { declared, actual: sniffed })
  }
  const { default: sharp } = await import('sharp')
  // The header only: no pixel is decoded here, so no pixel limit is needed yet.
  const meta = await sharp(input.bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null)
  if (!meta?.width || !meta.height) throw unreadable()
  if (FORMATS[meta.format ?? ''] !== sniffed) throw unsupported()
  if (meta.width > MAX_INPUT_SIDE || meta.height > MAX_INPUT_SIDE || meta.width * meta.height > MAX_INPUT_PIXELS) throw tooLarge()
  const content = await gate(() => reencode(input.bytes, sniffed).catch(() => Promise.reject(unreadable())))
  const id = randomBytes(24).toString('base64url')
  const stored = await storeMedia(db, { id, shopId, content })
  return { id, width: stored.width, height: stored.height, contentType: sniffed }
}
