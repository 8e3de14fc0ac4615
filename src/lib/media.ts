/**
 * The widths images are shown in, per use. Pages ask only for these, and the server renders only
 * the widths of MEDIA_WIDTHS (any other is rounded up to the next one), so a client cannot make it
 * resize an image once per pixel width.
 */
export const MEDIA_SIZES = {
  /** Shop logo in the header and the favicon. */
  logo: 64,
  /** Gallery thumbnails. */
  thumbnail: 160,
  /** Small pictures of the embedded widgets. */
  widget: 400,
  /** Offer cards and the embedded listing: `src` 640. */
  card: [400, 640, 960],
  /** The offer page's main picture: `src` 1024. */
  gallery: [480, 768, 1024, 1536],
  /** The home page's cover: `src` 1024; also the sharing image (og:image, JSON-LD). */
  hero: [640, 1024, 1600],
} as const

/** Largest width the media endpoint renders (the original is never enlarged). */
export const MEDIA_MAX_WIDTH = 2560

/** Every width the server renders, ascending: those of MEDIA_SIZES and the largest. */
export const MEDIA_WIDTHS: readonly number[] = [...new Set([...Object.values(MEDIA_SIZES).flat(), MEDIA_MAX_WIDTH])].sort((a, b) => a - b)

/** The width rendered for a request of `width` pixels: the next allowed width up. */
export function mediaWidth(width: number): number {
  return MEDIA_WIDTHS.find((w) => w >= width) ?? MEDIA_MAX_WIDTH
}

/** URL of a shop image from the media endpoint (hero 1024, logo 64). */
export function mediaUrl(mediaId: string, width?: number) {
  const id = /^[A-Za-z0-9_-]{1,64}$/.test(mediaId) ? mediaId : 'default'
  return `/api/media/v1/media/${id}.jpg${width ? `?width=${mediaWidth(width)}` : ''}`
}

/** A `srcSet` of the widths given (from MEDIA_SIZES). */
export function mediaSrcSet(mediaId: string, widths: readonly number[]) {
  return widths.map((w) => `${mediaUrl(mediaId, w)} ${mediaWidth(w)}w`).join(', ')
}
