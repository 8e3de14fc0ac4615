import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MEDIA_MAX_WIDTH, MEDIA_SIZES, MEDIA_WIDTHS, mediaSrcSet, mediaUrl, mediaWidth } from './media'

describe('media widths', () => {
  it('holds every width the pages use, ascending, up to the largest the server renders', () => {
    for (const w of [64, 160, 400, 480, 640, 768, 960, 1024, 1536, 1600]) expect(MEDIA_WIDTHS).toContain(w)
    expect([...MEDIA_WIDTHS]).toEqual([...MEDIA_WIDTHS].sort((a, b) => a - b))
    expect(MEDIA_WIDTHS.at(-1)).toBe(MEDIA_MAX_WIDTH)
    for (const w of Object.values(MEDIA_SIZES).flat()) expect(MEDIA_WIDTHS).toContain(w)
  })

  it('rounds a width up to the next allowed one', () => {
    expect(mediaWidth(16)).toBe(64)
    expect(mediaWidth(64)).toBe(64)
    expect(mediaWidth(65)).toBe(160)
    expect(mediaWidth(1025)).toBe(1536)
    expect(mediaWidth(1601)).toBe(MEDIA_MAX_WIDTH)
    expect(mediaWidth(99_999)).toBe(MEDIA_MAX_WIDTH)
  })

  it('builds URLs and srcSets of allowed widths only', () => {
    expect(mediaUrl('hero', 1024)).toBe('/api/media/v1/media/hero.jpg?width=1024')
    expect(mediaUrl('hero', 1000)).toBe('/api/media/v1/media/hero.jpg?width=1024')
    expect(mediaUrl('../x')).toBe('/api/media/v1/media/default.jpg')
    expect(mediaSrcSet('c', MEDIA_SIZES.card)).toBe('/api/media/v1/media/c.jpg?width=400 400w, /api/media/v1/media/c.jpg?width=640 640w, /api/media/v1/media/c.jpg?width=960 960w')
  })

  it('are the widths the contract names', () => {
    const contract = readFileSync(join(import.meta.dirname, '..', '..', 'openapi', 'webshop.yaml'), 'utf8').replace(/\s+/g, ' ')
    expect(contract).toContain(`widths the pages use (${MEDIA_WIDTHS.join(', ')})`)
  })
})
