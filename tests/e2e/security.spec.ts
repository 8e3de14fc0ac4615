/**
 * Security suite, against the production build: a shop whose configuration is
 * hostile (markup, event handlers, `javascript:` links, CSS break-outs in colours, written straight
 * into the database as a careless admin tool or a compromised account might) is rendered inert on
 * every page type; framing and host rules hold. No dialog opens, no script of the configuration
 * runs, nothing breaks out of the theme stylesheet. Request bodies are bounded (413) while they
 * stream in. XSRF and rate limiting are in the contract tests (tests/contract/api.contract.test.ts,
 * tests/contract/limits.contract.test.ts), token entropy in tests/contract/token-entropy.test.ts.
 * Holds cannot be farmed over real HTTP: one client address holds a limited number of places
 * across carts, a booked cart takes nothing more (details in tests/contract/offers.contract.test.ts).
 */
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test'
import { startServeProcess, stopServeProcess, type ServeProcess } from '../../scripts/lib/serve-process'
import { MEDIA_WIDTHS } from '../../src/lib/media'
import { cartWithPlace, checkoutBody, findSession, type Visitor } from '../../scripts/lib/shop-api'
import { streamingPost } from '../support/streaming-post'

const PORT = 4187
const ORIGIN = `http://hostile.localhost:${PORT}`

let server: ServeProcess | undefined
let dataDir = ''

test.describe('security: a hostile shop configuration is inert', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    dataDir = mkdtempSync(join(tmpdir(), 'security-'))
    // The shop goes straight into the database (no validation on the way), in a process of its own.
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/hostile-shop.ts', dataDir], { encoding: 'utf8', timeout: 90_000 })
    if (seeded.status !== 0) throw new Error(`seeding the hostile shop failed:\n${seeded.stdout}${seeded.stderr}`)
    server = await startServeProcess(PORT, { DATA_DIR: dataDir }, 60_000)
  })

  test.afterAll(async () => {
    await stopServeProcess(server)
  })

  async function expectInert(page: Page, path: string) {
    const dialogs: string[] = []
    const errors: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    page.on('pageerror', (e) => errors.push(e.message))
    const response = await page.goto(`${ORIGIN}${path}`)
    expect(response!.status(), path).toBeLessThan(500)
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), `${path}: a configured script ran`).toBeUndefined()
    expect(dialogs, path).toEqual([])
    const found = await page.evaluate(() => {
      const all = [...document.querySelectorAll('*')]
      return {
        handlers: all.flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName} ${a.name}`)),
        jsLinks: [...document.querySelectorAll('[href],[src]')].map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '').filter((u) => /^\s*javascript:/i.test(u)),
        inlineScripts: [...document.querySelectorAll('script:not([src])')].filter((s) => s.getAttribute('type') !== 'application/ld+json' && !s.hasAttribute('nonce') && s.textContent!.trim() !== '').map((s) => s.textContent!.slice(0, 80)),
        // frames other than the shop's own widgets (the widgets page previews them)
        frames: [...document.querySelectorAll('iframe')].filter((f) => { const u = new URL(f.src, location.href); return u.origin !== location.origin || !/^\/(de|en|fr)\/embed\/v1\//.test(u.pathname) }).length,
        svgs: [...document.querySelectorAll('svg[onload]')].length,
        bodyHidden: getComputedStyle(document.body).display === 'none',
        primary: getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
        themeCss: document.getElementById('shop-theme')?.textContent ?? '',
      }
    })
    expect(found.handlers, path).toEqual([])
    expect(found.jsLinks, path).toEqual([])
    expect(found.inlineScripts, path).toEqual([])
    expect(found.frames, path).toBe(0)
    expect(found.svgs, path).toBe(0)
    expect(found.bodyHidden, path).toBe(false)
    // the broken colour was dropped: the default primary applies; the theme stylesheet holds only declarations
    expect(found.themeCss).not.toMatch(/<|script|\}\s*body/i)
    expect(errors, path).toEqual([])
  }

  for (const lang of ['de', 'fr'] as const) {
    test(`every page type of the hostile shop (${lang})`, async ({ page }) => {
      // ten page loads, each until the network is idle (the widgets page frames its previews):
      // more than one test's minute on a loaded CI machine (it ran out there once)
      test.slow()
      for (const path of [`/${lang}`, `/${lang}/imprint`, `/${lang}/privacy-policy`, `/${lang}/terms-and-conditions`, `/${lang}/widgets`, `/${lang}/embed/v1/search`, `/${lang}/no-such-page`, `/${lang}/checkout/AAAAAAAAAAAAAAAAAAAAAAAA`, `/${lang}/aftersales/payment/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`]) {
        await expectInert(page, path)
      }
      // the text is there, as text
      await page.goto(`${ORIGIN}/${lang}`)
      await expect(page.getByRole('heading', { level: 1 })).toContainText('<script>window.__pwned=1</script>')
      expect(await page.title()).toContain('</title><script>')
    })
  }

  test('the allow-list reaches the framing header only as valid origins', async ({ request }) => {
    const host = { host: `hostile.localhost:${PORT}` } // Node does not resolve *.localhost; the browser does
    const response = await request.get(`http://127.0.0.1:${PORT}/de/embed/v1/search`, { headers: host })
    const csp = response.headers()['content-security-policy']!
    expect(/frame-ancestors ([^;]+)/.exec(csp)?.[1]).toBe("'self' https://ok.example")
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).not.toContain('unsafe-inline')
    const page = await request.get(`http://127.0.0.1:${PORT}/de`, { headers: host })
    expect(page.headers()['x-frame-options']).toBe('DENY')
  })

  test('holds cannot be farmed: one client address holds at most 40 places across carts; a booked cart takes nothing more', async ({ request }) => {
    // 127.0.0.1 is the demo shop alpin; every request of this test comes from the same address.
    const api = `http://127.0.0.1:${PORT}/api/webshop/v1`
    const cookie = await request.get(`http://127.0.0.1:${PORT}/sanctum/csrf-cookie`)
    const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie.headers()['set-cookie'] ?? '')![1]!)
    let n = 0
    const write = (method: 'post' | 'patch', url: string, data: unknown) =>
      request[method](url, { data, headers: { 'x-xsrf-token': token, 'idempotency-key': `farm-${Date.now()}-${n++}` } })
    const newCart = async () => (await (await write('post', `${api}/carts`, {})).json()).data.id as string
    const offer = (await (await request.get(`${api}/offers/rafting-luetschine`)).json()).data
    const sku = offer.skus[0].id as string
    // sessions with places, from this month on
    const slots: { sessionId: string; placesLeft: number }[] = []
    const month = new Date()
    for (let i = 0; i < 3 && slots.reduce((sum, s) => sum + Math.min(s.placesLeft, 5), 0) < 60; i++) {
      const ym = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + i, 1)).toISOString().slice(0, 7)
      const days = (await (await request.get(`${api}/offers/rafting-luetschine/availability?month=${ym}`)).json()).data.dates as { date: string; status: string }[]
      for (const day of days.filter((d) => d.status === 'AVAILABLE' || d.status === 'STOCK_LOW')) {
        const found = (await (await request.get(`${api}/offers/rafting-luetschine/dates/${day.date}`)).json()).data.slots as { sessionId?: string; placesLeft: number; timeStatus: string }[]
        for (const slot of found) if (slot.sessionId && slot.placesLeft > 0) slots.push({ sessionId: slot.sessionId, placesLeft: slot.placesLeft })
      }
    }
    let held = 0
    let cart = await newCart()
    let inCart = 0
    const firstCart = cart
    let refused: { status: number; code?: string } | undefined
    for (const slot of slots) {
      const quantity = Math.min(slot.placesLeft, 5, 20 - inCart)
      const added = await write('post', `${api}/carts/${cart}/items`, { offer: 'rafting-luetschine', sku, sessionId: slot.sessionId, quantity })
      if (added.status() !== 201) {
        refused = { status: added.status(), code: (await added.json()).data?.code }
        break
      }
      held += quantity
      inCart += quantity
      if (inCart === 20) {
        cart = await newCart()
        inCart = 0
      }
    }
    expect(refused, `held ${held} places without being stopped`).toEqual({ status: 409, code: 'holds.too_many' })
    expect(held).toBeLessThanOrEqual(40)
    expect(held).toBeGreaterThan(40 - 5)

    // A booked cart takes no more items: book the first cart, then try to add to it.
    const first = (await (await request.get(`${api}/carts/${firstCart}`)).json()).data as { items: { id: string; places: number }[] }
    const person = { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '+41 79 900 00 00' }
    const booked = await write('post', `${api}/carts/${firstCart}/checkout`, {
      mode: 'order',
      items: first.items.map((item) => ({ itemId: item.id, participants: Array.from({ length: item.places }, (_, i) => ({ firstname: `Gast${i + 1}`, surname: 'Muster', extras: [] })) })),
      customer: { type: 'PRIVATE' },
      person,
      address: { street: 'Bahnhofstrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
      paymentMethod: 'PAY_ON_SITE',
      termsAccepted: true,
    })
    expect(booked.status()).toBe(201)
    // booking freed this address's holds of that cart, so only the closed cart stops it now
    const again = await write('post', `${api}/carts/${firstCart}/items`, { offer: 'rafting-luetschine', sku, sessionId: slots[0]!.sessionId, quantity: 1 })
    expect(again.status()).toBe(409)
    expect((await again.json()).data.code).toBe('cart.booked')
    expect((await write('post', `${api}/carts/${await newCart()}/items`, { offer: 'rafting-luetschine', sku, sessionId: slots.at(-1)!.sessionId, quantity: 1 })).status()).toBe(201)
  })

  test('hosts: too many labels and unknown shops are 404, never another shop', async ({ request }) => {
    const invalid = await request.get(`http://127.0.0.1:${PORT}/de`, { headers: { host: 'a.b.c.d.e.example.ch' } })
    expect(invalid.status()).toBe(404)
    expect(await invalid.text()).toContain('Invalid host')
    const unknown = await request.get(`http://127.0.0.1:${PORT}/api/webshop/v1/config`, { headers: { host: 'nobody.localhost' } })
    expect(unknown.status()).toBe(404)
  })

  test('a 100 MB body is refused with 413 at once, the client still sending it reads the answer, the server holds none of it', async () => {
    const rssKiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server!.pid}/status`, 'utf8'))?.[1])
    /** Streams up to `total` bytes (no Content-Length unless given) until the server answers. */
    const post = (path: string, total: number, headers: Record<string, string> = {}) =>
      streamingPost({ port: PORT, path, total, headers: { host: `hostile.localhost:${PORT}`, 'content-type': 'application/json', ...headers } })
    const before = rssKiB()
    const webhook = await post('/api/webshop/v1/payments/webhooks/sandbox', 100 * 1024 * 1024)
    expect(webhook.status).toBe(413)
    expect(webhook.connection).toBe('close') // and the server closes in stages (lingering-close.ts)
    expect(JSON.parse(webhook.body)).toMatchObject({ statusCode: 413, data: { code: 'body.too_large' } })
    expect(webhook.ms).toBeLessThan(5_000)
    expect(webhook.sent).toBeLessThan(50 * 1024 * 1024) // answered long before the body was sent
    const declared = await post('/api/webshop/v1/payments/webhooks/sandbox', 100 * 1024 * 1024, { 'content-length': String(100 * 1024 * 1024) })
    expect(declared.status).toBe(413)
    const serverFunction = await post('/_serverFn/x', 20 * 1024 * 1024)
    expect(serverFunction.status).toBe(413)
    // the three bodies together were 220 MB; the server's memory barely moved
    expect(rssKiB() - before).toBeLessThan(64 * 1024)
    // and a small, unsigned webhook still reaches the signature check
    const small = await post('/api/webshop/v1/payments/webhooks/sandbox', 1)
    expect(small.status).toBe(400)
  })

  // The default shop through 127.0.0.1 (Node does not resolve *.localhost), by its Host header.
  const BASE = `http://127.0.0.1:${PORT}`
  const SHOP = `http://localhost:${PORT}`
  const POISONED = { 'x-forwarded-proto': 'https://evil.example/', 'x-forwarded-host': 'evil.example', 'x-forwarded-port': '666', forwarded: 'host=evil.example;proto=https' }

  /** A visitor of the default shop whose every request also carries the poisoned X-Forwarded-* headers. */
  async function poisonedVisitor(request: APIRequestContext): Promise<Visitor> {
    const headers = { host: `localhost:${PORT}`, ...POISONED, 'x-flowin-locale': 'en' }
    const cookie = (await request.get(`${BASE}/sanctum/csrf-cookie`, { headers })).headersArray().find((h) => h.name.toLowerCase() === 'set-cookie')!.value
    const token = decodeURIComponent(cookie.split(';')[0]!.split('=').slice(1).join('='))
    const wrap = (r: APIResponse) => ({ status: r.status(), json: () => r.json(), text: () => r.text() })
    const write = { ...headers, cookie: `XSRF-TOKEN=${encodeURIComponent(token)}`, 'x-xsrf-token': token, 'content-type': 'application/json' }
    return {
      origin: SHOP,
      post: async (path: string, body: unknown) => wrap(await request.post(`${BASE}${path}`, { headers: { ...write, 'idempotency-key': randomUUID() }, data: JSON.stringify(body) })),
      get: async (path: string) => wrap(await request.get(`${BASE}${path}`, { headers })),
    } as unknown as Visitor
  }

  test('images: any width is served at one of the pages\' sizes, so a storm of new widths costs a few renders', async ({ request }) => {
    const headers = { host: `localhost:${PORT}` }
    const image = async (width: number) => {
      const response = await request.get(`${BASE}/api/media/v1/media/alpin-hero.jpg?width=${width}`, { headers })
      expect([200, 503], `width ${width}`).toContain(response.status())
      if (response.status() === 503) expect(response.headers()['retry-after']).toBe('1') // renders are queued, never unbounded
      return response.status() === 200 ? response.headers()['etag']! : null
    }
    // 1000, 1017 and 1024 are one picture: rounded up to 1024, the width the pages ask for
    const wanted = await image(1024)
    expect(await image(1000)).toBe(wanted)
    expect(await image(1017)).toBe(wanted)
    // 96 distinct widths from 20 to 2540, eight at a time: never more renders than allowed widths
    const etags = new Set<string>()
    const widths = Array.from({ length: 96 }, (_, i) => 20 + i * 26)
    for (let i = 0; i < widths.length; i += 8) {
      for (const etag of await Promise.all(widths.slice(i, i + 8).map(image))) if (etag) etags.add(etag)
    }
    expect(etags.size).toBeGreaterThan(1)
    expect(etags.size).toBeLessThanOrEqual(MEDIA_WIDTHS.length)
    for (const etag of etags) expect(MEDIA_WIDTHS.map(String), etag).toContain(/-(\d+)"$/.exec(etag)?.[1])
  })

  test('hosts: a Host with user-info, junk after brackets or a broken port is 404 Invalid host, pages and API', async ({ request }) => {
    for (const host of ['[::1]:4650@evil.example', '[::1]evil.example', 'localhost@evil.example', 'evil.example#.localhost', 'a b.localhost', 'localhost:80:81', 'localhost:', 'localhost%40evil.example']) {
      for (const path of ['/en', '/api/webshop/v1/config', '/sitemap.xml']) {
        const response = await request.get(`${BASE}${path}`, { headers: { host }, maxRedirects: 0 })
        expect(response.status(), `${host} ${path}`).toBe(404)
        expect(await response.text(), `${host} ${path}`).toContain('Invalid host')
      }
    }
  })

  test('links: a checkout, its e-mail and a payment started with poisoned X-Forwarded-* headers stay on the shop', async ({ request }) => {
    const v = await poisonedVisitor(request)
    const session = await findSession(v)
    const held = await cartWithPlace(v, session)
    expect(held.status).toBe(201)
    const booked = await v.post(`/api/webshop/v1/carts/${held.cart}/checkout`, checkoutBody(held.itemId!, 'PAY_LATER'))
    expect(booked.status).toBe(201)
    const booking = (await booked.json()).data as { code: string; paymentLink: { token: string } }
    const started = (await (await v.post(`/api/webshop/v1/payment-links/${booking.paymentLink.token}/payments`, {})).json()).data as { redirectUrl: string }
    expect(started.redirectUrl.startsWith(`${SHOP}/api/sandbox-pay/`), started.redirectUrl).toBe(true)
    // The visitor's confirmation e-mail (an .eml file: quoted-printable, soft line breaks undone) — the one addressed to
    // the booker; the staff's notification of the same booking mentions its code too.
    const mailDir = join(dataDir, 'mail')
    let mail = ''
    await expect
      .poll(() => {
        const files = (() => { try { return readdirSync(mailDir) } catch { return [] } })()
        mail = files
          .map((f) => readFileSync(join(mailDir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
          .find((m) => m.includes(booking.code) && /^To: .*anna@example\.ch/m.test(m)) ?? ''
        return mail !== ''
      }, { timeout: 20_000 })
      .toBe(true)
    expect(mail).toContain(`${SHOP}/en/aftersales/payment/${booking.paymentLink.token}`)
    expect(mail).not.toContain('evil')
    // Canonical, hreflang and og:image, robots.txt and the sitemap.
    const page = await (await request.get(`${BASE}/en`, { headers: { host: `localhost:${PORT}`, ...POISONED } })).text()
    expect(page).toContain(`rel="canonical" href="${SHOP}/en"`)
    expect(page).toContain(`content="${SHOP}/api/media/v1/media/`)
    expect(page).not.toContain('evil')
    const robots = await (await request.get(`${BASE}/robots.txt`, { headers: { host: `127.0.0.1:${PORT}`, ...POISONED } })).text()
    expect(robots).toContain(`Sitemap: ${SHOP}/sitemap.xml`)
    const sitemap = await (await request.get(`${BASE}/sitemap.xml`, { headers: { host: `localhost:${PORT}`, ...POISONED } })).text()
    expect(sitemap).toContain(`<loc>${SHOP}/de</loc>`)
    expect(sitemap).not.toContain('evil')
  })

  test('headers: nosniff everywhere, no HSTS over plain HTTP, no-store on personal pages and answers', async ({ request }) => {
    const host = { host: `localhost:${PORT}`, 'x-forwarded-proto': 'https' }
    const home = await request.get(`${BASE}/en`, { headers: host })
    const asset = /\/assets\/[^"]+\.js/.exec(await home.text())![0]
    for (const path of ['/en', '/api/webshop/v1/config', '/api/webshop/v1/offers', '/sitemap.xml', '/robots.txt', '/embed/v1/loader.js', '/_build/latest.json', asset, '/en/no-such-page', '/api/webshop/v1/nothing']) {
      const response = await request.get(`${BASE}${path}`, { headers: host })
      expect(response.headers()['x-content-type-options'], path).toBe('nosniff')
      // X-Forwarded-Proto from a visitor (TRUST_PROXY is off) does not make plain HTTP secure.
      expect(response.headers()['strict-transport-security'], path).toBeUndefined()
    }
    const v = await poisonedVisitor(request)
    const held = await cartWithPlace(v, await findSession(v))
    const booked = (await (await v.post(`/api/webshop/v1/carts/${held.cart}/checkout`, checkoutBody(held.itemId!, 'PAY_LATER'))).json()).data as { paymentLink: { token: string } }
    for (const path of [`/en/checkout/${held.cart}`, `/en/checkout/${held.cart}/success`, `/en/aftersales/payment/${booked.paymentLink.token}`, `/api/webshop/v1/carts/${held.cart}`, `/api/webshop/v1/carts/${held.cart}/booking`, `/api/webshop/v1/payment-links/${booked.paymentLink.token}`]) {
      const response = await request.get(`${BASE}${path}`, { headers: host, maxRedirects: 0 })
      expect(response.status(), path).toBeLessThan(400)
      expect(response.headers()['cache-control'], path).toBe('no-store')
    }
    expect((await request.get(`${BASE}/api/webshop/v1/config`, { headers: host })).headers()['cache-control']).toBe('no-cache')
  })

  test('methods: pages answer GET and HEAD only; an unknown server function is a quiet 404', async ({ request }) => {
    const host = { host: `localhost:${PORT}` }
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH']) {
      const response = await request.fetch(`${BASE}/en`, { method, headers: host, maxRedirects: 0 })
      expect(response.status(), method).toBe(405)
      expect(response.headers()['allow'], method).toBe('GET, HEAD')
      expect(await response.text()).not.toContain('<html')
    }
    expect((await request.head(`${BASE}/en`, { headers: host })).status()).toBe(200)
    const before = server!.output().length
    for (const method of ['GET', 'POST']) {
      const unknown = await request.fetch(`${BASE}/_serverFn/no-such-function`, { method, headers: { ...host, 'x-tsr-serverFn': 'true' } })
      expect(unknown.status(), method).toBe(404)
    }
    expect(server!.output().slice(before)).not.toMatch(/Server function|\n\s+at /)
  })
})

