import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compress } from './serve'

const page = (type = 'text/html; charset=utf-8', extra: Record<string, string> = {}) => new Response('<!doctype html><p>' + 'Hallo '.repeat(200), { headers: { 'content-type': type, ...extra } })
const accepting = new Request('http://x/', { headers: { 'accept-encoding': 'gzip, deflate, br' } })

describe('compression of pages and API answers', () => {
  it('gzips HTML and JSON for clients that accept it', async () => {
    const response = compress(accepting, page())
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toContain('accept-encoding')
    const body = Buffer.from(await response.arrayBuffer())
    expect(gunzipSync(body).toString()).toContain('Hallo Hallo')
    expect(compress(accepting, page('application/json')).headers.get('content-encoding')).toBe('gzip')
  })

  it('leaves alone what should not be compressed', () => {
    expect(compress(new Request('http://x/'), page()).headers.get('content-encoding')).toBeNull()
    expect(compress(accepting, page('image/jpeg')).headers.get('content-encoding')).toBeNull()
    expect(compress(accepting, page('text/html', { 'content-encoding': 'br' })).headers.get('content-encoding')).toBe('br')
    expect(compress(new Request('http://x/', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } }), page()).headers.get('content-encoding')).toBeNull()
  })

  it('weakens a strong ETag of a compressed answer', () => {
    expect(compress(accepting, page('application/javascript', { etag: '"abc"' })).headers.get('etag')).toBe('W/"abc"')
  })
})
