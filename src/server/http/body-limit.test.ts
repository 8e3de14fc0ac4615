import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BODY_LIMITS, BodyTooLarge, readBoundedBody, withBoundedBody } from './body-limit'

/** A request whose body arrives in `chunks` chunks of `size` bytes, counting what was pulled. */
function streamed(chunks: number, size: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, bytes: 0, cancelled: false }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close()
      seen.pulled++
      seen.bytes += size
      controller.enqueue(new Uint8Array(size).fill(120))
    },
    cancel() {
      seen.cancelled = true
    },
  }, { highWaterMark: 0 })
  const request = new Request('http://shop.test/api/x', { method: 'POST', headers, body, duplex: 'half' } as RequestInit)
  return { request, seen }
}

describe('bounded request bodies', () => {
  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { request, seen } = streamed(1000, 1024, { 'content-length': String(1000 * 1024) })
    await expect(readBoundedBody(request, 64 * 1024)).rejects.toBeInstanceOf(BodyTooLarge)
    expect(seen.bytes).toBe(0)
  })

  it('cuts a chunked body off once it crosses the limit: never more than the limit and one chunk', async () => {
    const chunk = 16 * 1024
    const { request, seen } = streamed(100_000, chunk) // 1.6 GB if it were read whole
    const error = await readBoundedBody(request, BODY_LIMITS.webhook).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BodyTooLarge)
    expect((error as BodyTooLarge).limit).toBe(BODY_LIMITS.webhook)
    expect(seen.bytes).toBeLessThanOrEqual(BODY_LIMITS.webhook + chunk)
    // nothing reads on; the stream is not cancelled (on Node that would reset the connection
    // before the 413 is read): the transport discards the rest (lingering-close.ts)
    const pulled = seen.pulled
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(seen.pulled).toBe(pulled)
    expect(seen.cancelled).toBe(false)
  })

  it('does not trust a Content-Length that understates the body', async () => {
    const { request, seen } = streamed(100, 1024, { 'content-length': '10' })
    await expect(readBoundedBody(request, 8 * 1024)).rejects.toBeInstanceOf(BodyTooLarge)
    expect(seen.bytes).toBeLessThanOrEqual(9 * 1024)
  })

  it('reads a body of exactly the limit, in one piece or in chunks', async () => {
    const { request } = streamed(64, 1024)
    const body = await readBoundedBody(request, 64 * 1024)
    expect(body.byteLength).toBe(64 * 1024)
    expect(body.every((b) => b === 120)).toBe(true)
    const whole = new Request('http://shop.test/', { method: 'POST', body: 'x'.repeat(1000) })
    expect(new TextDecoder().decode(await readBoundedBody(whole, 1000))).toBe('x'.repeat(1000))
    await expect(readBoundedBody(new Request('http://shop.test/', { method: 'POST', body: 'x'.repeat(1001) }), 1000)).rejects.toBeInstanceOf(BodyTooLarge)
  })

  it('gives a replayable copy that keeps the client address; GET passes through', async () => {
    const original = Object.assign(new Request('http://shop.test/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }), { ip: '10.0.0.9' })
    const copy = await withBoundedBody(original, 100)
    expect(await copy.json()).toEqual({ a: 1 })
    expect((copy as Request & { ip?: string }).ip).toBe('10.0.0.9')
    const get = new Request('http://shop.test/')
    expect(await withBoundedBody(get, 0)).toBe(get)
  })

  it('keeps a separate, larger limit for uploads that no JSON route shares', () => {
    expect(BODY_LIMITS.upload).toBeGreaterThan(BODY_LIMITS.json)
    expect(BODY_LIMITS.webhook).toBeLessThanOrEqual(BODY_LIMITS.json)
    expect(BODY_LIMITS.serverFunction).toBeLessThanOrEqual(BODY_LIMITS.json)
    expect(BODY_LIMITS.page).toBeLessThanOrEqual(BODY_LIMITS.serverFunction)
  })

  it('are the limits the contract states', () => {
    const contract = readFileSync(join(import.meta.dirname, '..', '..', '..', 'openapi', 'webshop.yaml'), 'utf8').replace(/\s+/g, ' ')
    expect(contract).toContain(`${BODY_LIMITS.json / 1024} KiB for JSON writes, ${BODY_LIMITS.webhook / 1024} KiB for provider webhooks`)
  })
})
