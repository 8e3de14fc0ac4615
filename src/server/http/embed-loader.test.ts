import { describe, expect, it } from 'vitest'
import { embedLoaderResponse } from './embed-loader'

const URL_ = 'https://shop.example/embed/v1/loader.js'
const code = '(()=>{console.log("flowin")})();'
const get = (headers: Record<string, string> = {}, method = 'GET') => new Request(URL_, { method, headers })

describe('embedLoaderResponse', () => {
  it('answers the script with short, revalidated caching and cross-origin headers', async () => {
    const response = embedLoaderResponse(get(), code, 'req-1')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(code)
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400')
    expect(response.headers.get('cache-control')).not.toContain('immutable')
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(response.headers.get('x-flowin-request-id')).toBe('req-1')
  })

  it('has a strong etag that changes with the code, and answers 304 when it matches', async () => {
    const etag = embedLoaderResponse(get(), code, 'r').headers.get('etag')!
    expect(embedLoaderResponse(get(), code, 'r').headers.get('etag')).toBe(etag)
    expect(embedLoaderResponse(get(), code + ';', 'r').headers.get('etag')).not.toBe(etag)
    for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const response = embedLoaderResponse(get({ 'if-none-match': ifNoneMatch }), code, 'r2')
      expect(response.status).toBe(304)
      expect(await response.text()).toBe('')
      expect(response.headers.get('etag')).toBe(etag)
      expect(response.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400')
      expect(response.headers.get('x-flowin-request-id')).toBe('r2')
    }
    expect(embedLoaderResponse(get({ 'if-none-match': '"stale"' }), code, 'r').status).toBe(200)
  })

  it('answers HEAD with the headers and no body', async () => {
    const response = embedLoaderResponse(get({}, 'HEAD'), code, 'r')
    expect(response.status).toBe(200)
    expect(response.body).toBeNull()
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8')
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/)
  })

  it('refuses other methods', () => {
    const response = embedLoaderResponse(get({}, 'POST'), code, 'r')
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })
})
