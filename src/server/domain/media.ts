import { createHash } from 'node:crypto'
import { and, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { media } from '../db/schema'

export const MEDIA_ID = /^[A-Za-z0-9_-]{1,64}$/
export const MIN_WIDTH = 16
export const MAX_WIDTH = 2560
export const FALLBACK_MEDIA_ID = 'default'

type Original = { id: string; sha256: string; width: number; content: Uint8Array }
type Rendered = { etag: string; body: Uint8Array; fallback: boolean }

/** Bounded cache of resized images (bytes), so a hot hero image is not resized per request. */
class ByteLru {
  private map = new Map<string, Uint8Array>()
  private bytes = 0
  constructor(private maxBytes: number) {}
  get(key: string) {
    const value = this.map.get(key)
    if (value) {
      this.map.delete(key)
      this.map.set(key, value)
    }
    return value
  }
  set(key: string, value: Uint8Array) {
    if (value.byteLength > this.maxBytes / 4) return
    this.map.set(key, value)
    this.bytes += value.byteLength
    for (const [k, v] of this.map) {
      if (this.bytes <= this.maxBytes) break
      this.map.delete(k)
      this.bytes -= v.byteLength
    }
  }
}

const resized = new ByteLru(32 * 1024 * 1024)

async function findOriginal(db: Db, shopId: string, id: string): Promise<Original | null> {
  const rows = await db
    .select({ id: media.id, sha256: media.sha256, width: media.width, content: media.content })
    .from(media)
    .where(and(eq(media.id, id), or(eq(media.shopId, shopId), isNull(media.shopId))))
    .limit(1)
  return rows[0] ?? null
}

/**
 * The image `id` of a shop as JPEG, `width` pixels wide (never enlarged). An unknown id, or
 * another shop's, falls back to the image 'default' (spec §7). Null if even that is missing.
 */
export async function renderMedia(
  db: Db,
  shopId: string,
  id: string,
  width: number | undefined,
): Promise<Rendered | null> {
  let original = await findOriginal(db, shopId, id)
  const fallback = !original
  if (!original) original = await findOriginal(db, shopId, FALLBACK_MEDIA_ID)
  if (!original) return null
  const target = Math.min(width ?? original.width, original.width, MAX_WIDTH)
  const etag = `"${original.sha256.slice(0, 20)}-${target}"`
  const cacheKey = `${original.sha256}:${target}`
  let body = resized.get(cacheKey)
  if (!body) {
    const { default: sharp } = await import('sharp')
    body = new Uint8Array(
      await sharp(original.content)
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .jpeg({ quality: 78, mozjpeg: true, progressive: true })
        .toBuffer(),
    )
    resized.set(cacheKey, body)
  }
  return { etag, body, fallback }
}

/** Stores an original image; returns its metadata. Used by the seed (and later an upload API). */
export async function storeMedia(db: Db, input: { id: string; shopId: string | null; content: Uint8Array }) {
  if (!MEDIA_ID.test(input.id)) throw new Error(`invalid media id ${input.id}`)
  const { default: sharp } = await import('sharp')
  const meta = await sharp(input.content).metadata()
  if (!meta.width || !meta.height) throw new Error(`media ${input.id} is not an image`)
  const sha256 = createHash('sha256').update(input.content).digest('hex')
  await db
    .insert(media)
    .values({
      id: input.id,
      shopId: input.shopId,
      contentType: `image/${meta.format ?? 'jpeg'}`,
      width: meta.width,
      height: meta.height,
      sha256,
      content: input.content,
    })
    .onConflictDoNothing()
  return { width: meta.width, height: meta.height, sha256 }
}
