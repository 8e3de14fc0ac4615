import { createHash } from 'node:crypto'
import { and, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { media } from '~/server/db/schema'
import { MEDIA_MAX_WIDTH, mediaWidth } from '~/lib/media'

export const MEDIA_ID = /^[A-Za-z0-9_-]{1,64}$/
export const MIN_WIDTH = 16
export const MAX_WIDTH = MEDIA_MAX_WIDTH
export const FALLBACK_MEDIA_ID = 'default'

type Original = { id: string; sha256: string; width: number; content: Uint8Array }
/** `body` null: the client has this version already (its If-None-Match is the ETag), nothing was rendered. */
type Rendered = { etag: string; body: Uint8Array | null; fallback: boolean }

/** Too many renders are running and waiting already: the client may retry in a moment. */
export class MediaBusy extends Error {
  constructor() {
    super('Too many images are being prepared at once.')
    this.name = 'MediaBusy'
  }
}

/** Bounded cache of resized images (bytes), so a hot hero image is not resized per request. */
class ByteLru {
  private map = new Map<string, Uint8Array>()
  bytes = 0
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
    if (value.byteLength > this.maxBytes / 4 || this.map.has(key)) return
    this.map.set(key, value)
    this.bytes += value.byteLength
    for (const [k, v] of this.map) {
      if (this.bytes <= this.maxBytes) break
      this.map.delete(k)
      this.bytes -= v.byteLength
    }
  }
}

export type MediaRendererOptions = {
  /** Bytes of resized images kept (least recently used out first); one image at most a quarter. */
  maxCacheBytes?: number
  /** Renders running at once in the process (each takes a core for up to a few hundred ms). */
  concurrency?: number
  /** Renders waiting for a slot; one more is refused (MediaBusy, the API answers 503). */
  maxQueue?: number
  /** The resize itself (tests count calls); default: sharp, JPEG quality 78. */
  resize?: (content: Uint8Array, width: number) => Promise<Uint8Array>
}

async function sharpResize(content: Uint8Array, width: number) {
  const { default: sharp } = await import('sharp')
  return new Uint8Array(
    await sharp(content)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      // JPEG has no transparency: an uploaded PNG or WebP logo goes on white, not on black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78, mozjpeg: true, progressive: true })
      .toBuffer(),
  )
}

/**
 * Resizing with bounded work: results in a byte-bounded LRU cache, one render per image and width
 * however many requests ask for it at once, at most `concurrency` renders at a time and
 * `maxQueue` waiting; beyond that MediaBusy at once (never an unbounded queue).
 */
export function createMediaRenderer(options: MediaRendererOptions = {}) {
  const cache = new ByteLru(options.maxCacheBytes ?? 32 * 1024 * 1024)
  const concurrency = options.concurrency ?? 2
  const maxQueue = options.maxQueue ?? 32
  const resize = options.resize ?? sharpResize
  const inFlight = new Map<string, Promise<Uint8Array>>()
  const waiting: (() => void)[] = []
  const stats = { renders: 0, active: 0, peakActive: 0, queued: 0 }

  async function run(content: Uint8Array, width: number) {
    if (stats.active >= concurrency) {
      if (waiting.length >= maxQueue) throw new MediaBusy()
      await new Promise<void>((resolve) => waiting.push(resolve))
    }
    stats.active++
    stats.peakActive = Math.max(stats.peakActive, stats.active)
    stats.renders++
    try {
      return await resize(content, width)
    } finally {
      stats.active--
      waiting.shift()?.()
    }
  }

  return {
    stats,
    cachedBytes: () => cache.bytes,
    async render(key: string, content: Uint8Array, width: number): Promise<Uint8Array> {
      const cached = cache.get(key)
      if (cached) return cached
      let pending = inFlight.get(key)
      if (!pending) {
        pending = run(content, width).then((body) => {
          cache.set(key, body)
          return body
        })
        inFlight.set(key, pending)
        const forget = () => inFlight.delete(key)
        pending.then(forget, forget)
      }
      return pending
    },
  }
}

export type MediaRenderer = ReturnType<typeof createMediaRenderer>

const defaultRenderer = createMediaRenderer()

async function findOriginal(db: Db, shopId: string, id: string): Promise<Original | null> {
  const rows = await db
    .select({ id: media.id, sha256: media.sha256, width: media.width, content: media.content })
    .from(media)
    .where(and(eq(media.id, id), or(eq(media.shopId, shopId), isNull(media.shopId))))
    .limit(1)
  return rows[0] ?? null
}

/**
 * The image `id` of a shop as JPEG. The width asked for is rounded up to the next of the widths
 * the pages use (MEDIA_WIDTHS) and never beyond the original; without one, the original width.
 * An unknown id, or another shop's, falls back to the image 'default'. Null if even
 * that is missing. MediaBusy when too many renders run and wait.
 */
export async function renderMedia(
  db: Db,
  shopId: string,
  id: string,
  width: number | undefined,
  options: { clientHas?: (etag: string) => boolean; renderer?: MediaRenderer } = {},
): Promise<Rendered | null> {
  let original = await findOriginal(db, shopId, id)
  const fallback = !original
  if (!original) original = await findOriginal(db, shopId, FALLBACK_MEDIA_ID)
  if (!original) return null
  const target = Math.min(width === undefined ? original.width : mediaWidth(width), original.width, MAX_WIDTH)
  const etag = `"${original.sha256.slice(0, 20)}-${target}"`
  if (options.clientHas?.(etag)) return { etag, body: null, fallback }
  const body = await (options.renderer ?? defaultRenderer).render(`${original.sha256}:${target}`, original.content, target)
  return { etag, body, fallback }
}

/** Stores an original image; returns its metadata. Used by the seed and by uploads (./media-upload.ts). */
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
