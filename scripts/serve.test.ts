import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { serve } from 'srvx'
import { describe, expect, it } from 'vitest'
import { createRequestGate } from './lib/request-gate'
import { answer, compress, GZIP_AT_ONCE_BYTES, IMMUTABLE, plannedWorkers, staticFiles, topLevelNames } from './serve'

const page = (type = 'text/html; charset=utf-8', extra: Record<string, string> = {}) => new Response('<!doctype html><p>' + 'Hallo '.repeat(200), { headers: { 'content-type': type, ...extra } })
const accepting = new Request('http://x/', { headers: { 'accept-encoding': 'gzip, deflate, br' } })

describe('compression of pages and API answers', () => {
  it('gzips HTML and JSON for clients that accept it', async () => {
    const response = await compress(accepting, page())
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toContain('accept-encoding')
    const body = Buffer.from(await response.arrayBuffer())
    expect(gunzipSync(body).toString()).toContain('Hallo Hallo')
    expect((await compress(accepting, page('application/json'))).headers.get('content-encoding')).toBe('gzip')
  })

  it('gzips an answer in one go with its length, and streams one longer than GZIP_AT_ONCE_BYTES without losing a byte', async () => {
    const small = await compress(accepting, page())
    const bytes = Buffer.from(await small.arrayBuffer())
    expect(small.headers.get('content-length')).toBe(String(bytes.length))
    // a streamed page of many chunks, longer than the limit: everything arrives, in order
    const chunk = (i: number) => new TextEncoder().encode(`<p>${i} ${'x'.repeat(1000)}</p>`)
    const count = Math.ceil(GZIP_AT_ONCE_BYTES / 1000) + 50
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < count; i++) controller.enqueue(chunk(i))
        controller.close()
      },
    })
    const long = await compress(accepting, new Response(stream, { headers: { 'content-type': 'text/html' } }))
    expect(long.headers.get('content-encoding')).toBe('gzip')
    expect(long.headers.get('content-length')).toBeNull()
    const text = gunzipSync(Buffer.from(await long.arrayBuffer())).toString()
    expect(text.length).toBe(Array.from({ length: count }, (_, i) => chunk(i).length).reduce((a, b) => a + b, 0))
    expect(text.startsWith('<p>0 ')).toBe(true)
    expect(text.endsWith(`x</p>`)).toBe(true)
    expect(text.indexOf(`<p>${count - 1} `)).toBeGreaterThan(text.indexOf(`<p>${count - 2} `))
  })

  it('sends an answer under GZIP_MIN_BYTES as it is, unless it has an ETag', async () => {
    const short = (extra: Record<string, string> = {}) => new Response('{"data":{"code":"places.insufficient"}}', { status: 409, headers: { 'content-type': 'application/json', ...extra } })
    const plain = await compress(accepting, short())
    expect(plain.status).toBe(409)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe('{"data":{"code":"places.insufficient"}}')
    const tagged = await compress(accepting, short({ etag: '"abc"' }))
    expect(tagged.headers.get('content-encoding')).toBe('gzip')
    expect(tagged.headers.get('etag')).toBe('W/"abc"')
    expect(gunzipSync(Buffer.from(await tagged.arrayBuffer())).toString()).toContain('places.insufficient')
  })

  it('leaves alone what should not be compressed', async () => {
    expect((await compress(new Request('http://x/'), page())).headers.get('content-encoding')).toBeNull()
    expect((await compress(accepting, page('image/jpeg'))).headers.get('content-encoding')).toBeNull()
    expect((await compress(accepting, page('text/html', { 'content-encoding': 'br' }))).headers.get('content-encoding')).toBe('br')
    expect((await compress(new Request('http://x/', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } }), page())).headers.get('content-encoding')).toBeNull()
  })

  it('weakens a strong ETag of a compressed answer', async () => {
    expect((await compress(accepting, page('application/javascript', { etag: '"abc"' }))).headers.get('etag')).toBe('W/"abc"')
  })

  it('names Accept-Encoding in Vary once, and weakens the tag of a 304 that stands for a compressed answer', async () => {
    expect((await compress(accepting, page('application/json', { vary: 'x-flowin-locale, accept-encoding' }))).headers.get('vary')).toBe('x-flowin-locale, accept-encoding')
    expect((await compress(accepting, page('application/json', { vary: 'x-flowin-locale' }))).headers.get('vary')).toBe('x-flowin-locale, accept-encoding')
    const notModified = (vary?: string) => new Response(null, { status: 304, headers: { etag: '"abc"', ...(vary ? { vary } : {}) } })
    expect((await compress(accepting, notModified('x-flowin-locale, accept-encoding'))).headers.get('etag')).toBe('W/"abc"')
    expect((await compress(accepting, notModified('x-flowin-locale, accept-encoding'))).status).toBe(304)
    // not compressed for this client, or never compressed at all: the tag stays strong
    expect((await compress(new Request('http://x/'), notModified('accept-encoding'))).headers.get('etag')).toBe('"abc"')
    expect((await compress(accepting, notModified())).headers.get('etag')).toBe('"abc"')
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

describe('cache headers of static files', () => {
  it('a hashed asset is kept for a year (immutable); a file of public/ and anything else is revalidated', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'static-'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'assets', 'main-BfX3k9aZ.js'), 'console.log(1)\n'.repeat(200))
    writeFileSync(join(dir, 'staff-sw.js'), 'self.addEventListener("fetch", () => {})\n')
    writeFileSync(join(dir, 'favicon.ico'), 'icon')
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n')
    const server = serve({
      port: 0,
      hostname: '127.0.0.1',
      silent: true,
      gracefulShutdown: false,
      middleware: staticFiles(dir),
      fetch: () => new Response('a page', { headers: { 'cache-control': 'no-store' } }),
    })
    await server.ready()
    const at = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, server.url!), { headers })
    try {
      const asset = await at('/assets/main-BfX3k9aZ.js', { 'accept-encoding': 'gzip' })
      expect(asset.status).toBe(200)
      expect(asset.headers.get('cache-control')).toBe(IMMUTABLE)
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff')
      for (const path of ['/staff-sw.js', '/favicon.ico', '/robots.txt']) {
        const file = await at(path)
        expect(file.status, path).toBe(200)
        expect(file.headers.get('cache-control'), path).toBe('public, no-cache')
        expect(file.headers.get('cache-control'), path).not.toContain('immutable')
        // revalidation is cheap: the file's validator answers 304, with the same Cache-Control
        const again = await at(path, { 'if-none-match': file.headers.get('etag')! })
        expect(again.status, path).toBe(304)
        expect(again.headers.get('cache-control'), path).toBe('public, no-cache')
      }
      const revalidated = await at('/assets/main-BfX3k9aZ.js', { 'if-none-match': asset.headers.get('etag')! })
      expect(revalidated.status).toBe(304)
      expect(revalidated.headers.get('cache-control')).toBe(IMMUTABLE)
      // no file: the page's own headers, untouched
      const page = await at('/de/offers')
      expect(await page.text()).toBe('a page')
      expect(page.headers.get('cache-control')).toBe('no-store')
      // an asset that does not exist is no immutable answer
      const missing = await at('/assets/gone-12345678.js')
      expect(missing.headers.get('cache-control')).toBe('no-store')
    } finally {
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

describe('which paths the static files are looked up for', () => {
  it('only paths under a name at the top of the build (assets/, staff-sw.js…): pages and the API never reach the disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'static-'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'staff-sw.js'), '')
    writeFileSync(join(dir, 'a b.txt'), '')
    const mayBeFile = topLevelNames(dir)
    for (const path of ['/assets/main-BfX3k9aZ.js', '/assets/', '/assets', '/staff-sw.js', '/a%20b.txt']) expect(mayBeFile(path), path).toBe(true)
    for (const path of ['/', '/de', '/de/listing/canyoning', '/api/webshop/v1/config', '/staff-sw.js.map', '/assetsx/a.js', '/%E0%A4%A']) expect(mayBeFile(path), path).toBe(false)
    expect(topLevelNames(join(dir, 'missing'))('/assets/x.js')).toBe(false)
  })
})

describe('answers through the request gate (ADR 037)', () => {
  /** A page whose body is written in two parts, the second when `finish` is called. */
  function slowPage(log: string[], name: string) {
    let finish!: () => void
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`<p>${name}, `))
        finish = () => {
          log.push(`${name} rendered`)
          controller.enqueue(new TextEncoder().encode('done</p>'))
          controller.close()
        }
      },
    })
    return { response: new Response(body, { status: 201, headers: { 'content-type': 'text/html', 'x-page': name } }), finish: () => finish() }
  }

  it('holds a place until the body is read (a page renders while it is read), and keeps status, headers and every byte', async () => {
    const gate = createRequestGate(1)
    const log: string[] = []
    const first = slowPage(log, 'first')
    const second = slowPage(log, 'second')
    const one = answer(gate, new Request('http://x/de'), async () => (log.push('first asked'), first.response))
    const two = answer(gate, new Request('http://x/de/listing/a'), async () => (log.push('second asked'), second.response))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(log).toEqual(['first asked'])
    first.finish()
    const answered = await one
    expect([answered.status, answered.headers.get('x-page'), await answered.text()]).toEqual([201, 'first', '<p>first, done</p>'])
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(log).toEqual(['first asked', 'first rendered', 'second asked'])
    second.finish()
    expect(await (await two).text()).toBe('<p>second, done</p>')
  })

  it('lets images (resized on libvips\'s threads, bounded by their own queue) and answers without a gate pass', async () => {
    const gate = createRequestGate(1)
    const log: string[] = []
    const page = slowPage(log, 'page')
    const pending = answer(gate, new Request('http://x/de'), async () => page.response)
    for (const path of ['/api/media/v1/media/hero.jpg?w=640', '/api/admin/v1/media']) {
      const image = await answer(gate, new Request(`http://x${path}`), async () => new Response('jpeg bytes'))
      expect(await image.text()).toBe('jpeg bytes')
    }
    expect(await (await answer(null, new Request('http://x/de'), async () => new Response('no gate'))).text()).toBe('no gate')
    page.finish()
    expect(await (await pending).text()).toBe('<p>page, done</p>')
  })

  it('answers 503 at once when the waiting line is full, and never works on a request whose client went away while it waited', async () => {
    const gate = createRequestGate(1, 1)
    const log: string[] = []
    const page = slowPage(log, 'page')
    const pending = answer(gate, new Request('http://x/de'), async () => page.response)
    const client = new AbortController()
    const gone = answer(gate, new Request('http://x/de/listing/a', { signal: client.signal }), async () => (log.push('gone asked'), new Response('never')))
    const refused = await answer(gate, new Request('http://x/fr/listing/b', { headers: { accept: 'text/html' } }), async () => (log.push('refused asked'), new Response('never')))
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '2'])
    expect(await refused.text()).toContain('<html lang="fr">')
    client.abort()
    expect((await gone).status).toBe(499)
    expect(gate.waiting).toBe(0)
    // its place in the line is free again
    const api = answer(gate, new Request('http://x/api/webshop/v1/offers'), async () => new Response('waits its turn'))
    page.finish()
    expect(await (await pending).text()).toBe('<p>page, done</p>')
    expect(await (await api).text()).toBe('waits its turn')
    expect(log).toEqual(['page rendered'])
  })
})

