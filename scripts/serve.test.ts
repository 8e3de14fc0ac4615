import { mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { serve } from 'srvx'
import { describe, expect, it } from 'vitest'
import { compress, plannedWorkers, staticFiles } from './serve'

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

describe('static files', () => {
  it('carry nosniff, and clients that go away mid-file do not bring the server down', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'static-'))
    for (const [name, size] of [['a.js', 30_000], ['b.js', 200_000], ['c.js', 2_000_000]] as const) writeFileSync(join(dir, name), 'x'.repeat(size))
    const server = serve({ port: 0, hostname: '127.0.0.1', silent: true, gracefulShutdown: false, middleware: staticFiles(dir), fetch: () => new Response('not found', { status: 404 }) })
    await server.ready()
    const port = Number(new URL(server.url!).port)
    // Reading the body of srvx's file answer turned the file stream into an undici web stream that
    // closed a second time when the client hung up at the wrong moment: an uncaught error.
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', onUncaught)
    try {
      for (let round = 0; round < 100; round++) {
        await Promise.all(
          ['a.js', 'b.js', 'c.js', 'a.js', 'b.js'].map(
            (file, i) =>
              new Promise<void>((resolve) => {
                const req = http.get({ host: '127.0.0.1', port, path: `/${file}` }, (res) => {
                  // hang up after the first bytes, or a few milliseconds into the file
                  if (i % 2) res.once('data', () => (req.destroy(), resolve()))
                  else setTimeout(() => (req.destroy(), resolve()), (round % 4) * 0.75)
                })
                req.on('error', () => resolve())
              }),
          ),
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(uncaught).toEqual([])
      const whole = await fetch(`http://127.0.0.1:${port}/c.js`)
      expect(whole.headers.get('x-content-type-options')).toBe('nosniff')
      expect((await whole.arrayBuffer()).byteLength).toBe(2_000_000)
    } finally {
      process.off('uncaughtException', onUncaught)
      await server.close(true)
    }
  })
})

describe('how many processes serve (ADR 038)', () => {
  const url = 'postgres://db/webshop'
  it('with PostgreSQL: one worker per core, or WEB_CONCURRENCY', () => {
    expect(plannedWorkers({ DATABASE_URL: url }, 2)).toEqual({ workers: 2 })
    expect(plannedWorkers({ DATABASE_URL: url }, 8)).toEqual({ workers: 8 })
    expect(plannedWorkers({ DATABASE_URL: url, WEB_CONCURRENCY: 1 }, 8)).toEqual({ workers: 1 })
    expect(plannedWorkers({ API_ORIGIN: 'https://api.example.ch', WEB_CONCURRENCY: 3 }, 2)).toEqual({ workers: 3 })
  })

  it('with PGlite: one process, and a WEB_CONCURRENCY over 1 is named as ignored', () => {
    expect(plannedWorkers({}, 8)).toEqual({ workers: 1 })
    expect(plannedWorkers({ WEB_CONCURRENCY: 1 }, 8)).toEqual({ workers: 1 })
    const { workers, warning } = plannedWorkers({ WEB_CONCURRENCY: 4 }, 8)
    expect(workers).toBe(1)
    expect(warning).toMatch(/WEB_CONCURRENCY=4 is ignored: PGlite/)
  })
})
