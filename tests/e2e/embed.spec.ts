/**
 * Embeddable widgets on a host page served from another origin (127.0.0.1 on another
 * port: another site for the browser), with the shop at localhost: the loader creates the frames,
 * they size themselves, a booking completes inside the frame and the host page receives the
 * events, also with third-party cookies blocked; a non-embed page refuses to be framed.
 */
import { createServer, type Server } from 'node:http'
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { chromium, type BrowserContext, type Frame, type Page } from '@playwright/test'
import { at, expect, pickFirstDay, test } from './fixtures'
import { fillContact, fillParticipants, T } from './checkout-helpers'
import { credentials, signInOnTheWay } from './staff-helpers'

const HOST_PORT = 4186
/** A frame is ready once it has loaded and hydrated: seconds on a busy 2-core machine with two workers. */
const FRAME_READY = { timeout: 20_000 }
const HOST = `http://127.0.0.1:${HOST_PORT}`
const SHOP = at('localhost')

let server: Server
let offer: { slug: string; title: string }

function hostPage(lang: string, slug: string) {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Bergschule Muster – host page</title>
<script>window.dataLayer = []; window.__events = [];
for (const name of ['ready', 'booking-started', 'checkout-completed', 'request-sent'])
  document.addEventListener('flowin:' + name, (e) => window.__events.push({ name, widget: e.target.getAttribute('data-flowin-widget'), detail: e.detail }))
</script>
<script async src="${SHOP.replace(/\/$/, '')}/embed/v1/loader.js"></script>
</head><body style="margin:0;font-family:sans-serif">
<main style="max-width:720px;margin:0 auto;padding:16px">
<h1>Bergschule Muster</h1>
<div id="booking" data-flowin-widget="booking" data-offer="${slug}" data-consent="granted" data-accent="#0a6e4f" data-radius="12">
  <a href="${SHOP.replace(/\/$/, '')}/${lang}/listing/${slug}">Book</a>
</div>
<h2>Our tour</h2>
<!-- a reserved height far from the content's, so that the frame is resized whatever the fonts -->
<div id="listing" data-flowin-widget="listing" data-offer="${slug}" data-hide="description" data-height="200"></div>
<div style="height:12000px" aria-hidden="true"></div>
<h2>Search</h2>
<div id="search" data-flowin-widget="search" data-lang="fr"></div>
</main></body></html>`
}

const prefillPage = (date: string, participants: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>prefill</title>
<script async src="${SHOP.replace(/\/$/, '')}/embed/v1/loader.js"></script></head>
<body><main><h1>Prefill</h1><div id="booking" data-flowin-widget="booking" data-offer="${offer.slug}" data-lang="en" data-date="${date}" data-participants="${participants}" data-font="serif" data-hide="images,header"></div></main></body></html>`

const framedPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>framing a page</title></head>
<body><main><h1>Framing</h1><iframe id="shop" title="shop" src="${SHOP.replace(/\/$/, '')}/de"></iframe>
<iframe id="embed" title="embed" src="${SHOP.replace(/\/$/, '')}/de/embed/v1/search"></iframe></main></body></html>`

type HostEvent = { name: string; widget: string; detail: Record<string, unknown> }
const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: HostEvent[] }).__events)
const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer: { event: string; flowin: Record<string, unknown> }[] }).dataLayer)

function frameOf(page: Page, widget: 'booking' | 'listing' | 'search'): Frame {
  const frame = page.frames().find((f) => f.url().includes(`/embed/v1/${widget}`) && f.url().includes('widget=') )
  if (!frame) throw new Error(`no ${widget} frame`)
  return frame
}

/**
 * The iframe is exactly as tall as the frame's content, and the frame does not scroll, as a visitor
 * sees it: the frame is scrolled into view first. Chromium applies a new size to a cross-origin
 * frame that is off screen lazily (its rendering is throttled), so measured there the frame's own
 * viewport can keep the height it had before the loader resized it; both figures are polled, since
 * the resize travels by postMessage and the frame's viewport follows asynchronously. (On a machine
 * whose fonts make a widget exactly as tall as the loader's reserved height nothing is resized, and
 * a one-shot measurement happened to pass: the test depended on the fonts.)
 */
async function expectSized(page: Page, selector: string, frame: Frame) {
  await page.locator(selector).scrollIntoViewIfNeeded()
  await expect
    .poll(async () => {
      const outer = await page.locator(selector).evaluate((el) => el.getBoundingClientRect().height)
      const inner = await frame.evaluate(() => document.querySelector('[data-layout="embedded"]')!.getBoundingClientRect().height)
      return Math.abs(outer - Math.ceil(inner))
    }, FRAME_READY)
    .toBeLessThanOrEqual(1)
  await expect.poll(() => frame.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight), FRAME_READY).toBeLessThanOrEqual(1)
}

async function expectNoAxeViolationsAnywhere(page: Page) {
  // axe-core/playwright analyses the host page and every frame in it, across origins.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(summary).toEqual([])
}

test.describe('embeddable widgets', () => {
  // one host server for the three tests: they run one after the other in one worker
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async ({ request }) => {
    // A bookable activity (not on request) of the default shop.
    const list = (await (await request.get(at('localhost', '/api/webshop/v1/offers?type=activity&perPage=50'))).json()).data as { slug: string; title: string; availability: { status: string } }[]
    const found = list.find((o) => o.availability.status === 'AVAILABLE' || o.availability.status === 'STOCK_LOW')
    if (!found) throw new Error('no bookable activity in the demo shop')
    offer = { slug: found.slug, title: found.title }
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', HOST)
      const html =
        url.pathname === '/framed'
          ? framedPage
          : url.pathname === '/prefill'
            ? prefillPage(url.searchParams.get('date') ?? '', url.searchParams.get('participants') ?? '')
            : hostPage(url.searchParams.get('lang') ?? 'de', url.searchParams.get('offer') ?? offer.slug)
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(html)
    })
    await new Promise<void>((resolve) => server.listen(HOST_PORT, '127.0.0.1', resolve))
  })

  test.afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  })

  test('three widgets on a page of another site: titled frames, sized to their content, the one below the fold loaded late, axe clean', async ({ page }) => {
    test.slow()
    await page.goto(`${HOST}/?lang=de`)
    const frames = page.locator('iframe')
    await expect(frames).toHaveCount(3)
    // the fallback link stays for assistive technology only when the frame is there: hidden
    await expect(page.locator('#booking a')).toBeHidden()
    await expect.poll(async () => (await events(page)).filter((e) => e.name === 'ready').map((e) => e.widget).sort(), FRAME_READY).toEqual(['booking', 'listing'])
    // lazy: the search widget, 12000 px further down, has not loaded
    expect(page.frames().some((f) => f.url().includes('/embed/v1/search'))).toBe(false)
    // titles: the page title of the frame once it is ready
    await expect(page.locator('#booking iframe')).toHaveAttribute('title', new RegExp(offer.title))
    await expect(page.locator('#listing iframe')).toHaveAttribute('title', new RegExp(offer.title))
    await expectSized(page, '#booking iframe', frameOf(page, 'booking'))
    await expectSized(page, '#listing iframe', frameOf(page, 'listing'))
    // the frame configuration reached the frame: accent colour, radius, hidden description
    const booking = frameOf(page, 'booking')
    await expect(booking.locator('[data-layout="embedded"]')).toHaveAttribute('data-frame-mode', 'on')
    expect(await booking.locator('[data-layout="embedded"]').evaluate((el) => getComputedStyle(el).getPropertyValue('--color-primary'))).toBe('rgb(10 110 79)')
    await expect(frameOf(page, 'listing').getByTestId('embed-listing').locator('p', { hasText: /\w{40,}/ })).toHaveCount(0)

    await page.locator('#search').scrollIntoViewIfNeeded()
    await expect.poll(async () => (await events(page)).filter((e) => e.name === 'ready').map((e) => e.widget).sort(), FRAME_READY).toEqual(['booking', 'listing', 'search'])
    const search = frameOf(page, 'search')
    await expect(page.locator('#search iframe')).toHaveAttribute('title', /Trouver une date/) // data-lang="fr"
    await expectSized(page, '#search iframe', search)
    // searching resizes the frame to the results
    const before = await page.locator('#search iframe').evaluate((el) => el.getBoundingClientRect().height)
    await search.getByRole('searchbox').fill('zzzz-nothing-like-this')
    await search.getByRole('button', { name: 'Rechercher' }).click()
    await expect(search.getByTestId('embed-no-results')).toBeVisible()
    await expect.poll(() => page.locator('#search iframe').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(before)
    await expectSized(page, '#search iframe', search)
    await expectNoAxeViolationsAnywhere(page)

    // the listing widget's button opens the booking widget in the same frame, which grows to fit
    const listing = frameOf(page, 'listing')
    await listing.getByTestId('embed-book').click()
    await expect(listing.getByTestId('booking-panel')).toBeVisible()
    await expectSized(page, '#listing iframe', listing)
    // no dataLayer push without consent (only the booking widget has data-consent="granted")
    expect((await dataLayer(page)).map((d) => d.flowin.widget)).toEqual(['booking'])
    expect((await dataLayer(page))[0]).toMatchObject({ event: 'flowin.ready' })
  })

  test('a booking completes inside the frame with third-party cookies blocked, and the host page receives the events', async () => {
    test.slow()
    // Chromium with its "block third-party cookies" setting on, as Safari and Firefox do by default.
    const profile = mkdtempSync(join(tmpdir(), 'embed-profile-'))
    mkdirSync(join(profile, 'Default'), { recursive: true })
    writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify({ profile: { cookie_controls_mode: 1, block_third_party_cookies: true } }))
    const context: BrowserContext = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    })
    const errors: string[] = []
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      page.on('pageerror', (e) => errors.push(e.message))
      await page.goto(`${HOST}/?lang=de`)
      await expect.poll(async () => (await events(page)).some((e) => e.name === 'ready' && e.widget === 'booking'), FRAME_READY).toBe(true)
      const frame = frameOf(page, 'booking')
      // the setting is in force: the frame can keep no cookie at all, not even SameSite=None
      const cookies = await frame.evaluate(() => {
        document.cookie = 'probe=1; SameSite=None; Secure; Path=/'
        return document.cookie
      })
      expect(cookies).not.toContain('probe=1')

      const lang = 'de'
      await pickFirstDay(frame as unknown as Page, T[lang].next, 5)
      const panel = frame.getByTestId('booking-panel')
      await panel.locator('fieldset button:not([disabled])').first().click()
      const quantity = panel.locator('input[type="number"]').first()
      if ((await quantity.count()) && (await quantity.inputValue()) === '0') await quantity.fill('1')
      await panel.getByRole('button', { name: T[lang].add }).click()
      await expect(frame.getByTestId('checkout')).toBeVisible()
      expect(frame.url()).toMatch(/\/de\/embed\/v1\/booking\/[a-z0-9-]+\?.*cart=[A-Za-z0-9_-]{22,}/)
      await expect.poll(async () => (await events(page)).find((e) => e.name === 'booking-started')?.detail).toEqual({ offer: offer.slug, offerTitle: offer.title })

      await fillParticipants(frame as unknown as Page, lang)
      await frame.getByRole('button', { name: T[lang].cont }).click()
      await fillContact(frame as unknown as Page, lang)
      await expectSized(page, '#booking iframe', frame)
      await expectNoAxeViolationsAnywhere(page)
      await frame.getByRole('button', { name: T[lang].cont }).click()
      await frame.getByRole('radio', { name: T[lang].onSite, exact: true }).check()
      await frame.getByRole('checkbox', { name: T[lang].terms }).check()
      await frame.getByRole('button', { name: T[lang].book }).click()
      await expect(frame.getByRole('heading', { level: 1 })).toHaveText(T[lang].done)
      const code = (await frame.getByTestId('booking-code').textContent())!
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)
      // The booking records where it was made (the shop's reports count it): the widget, on this host page.
      const staff = await context.newPage()
      await signInOnTheWay(staff, 'localhost', `/de/admin/sales/bookings/${code}`, credentials('alpin', 'manager'))
      await expect(staff.getByRole('heading', { level: 1 })).toContainText(code)
      await expect(staff.getByText(`Eingebettetes Widget (${new URL(HOST).hostname})`)).toBeVisible()
      await staff.close()
      await expectSized(page, '#booking iframe', frame)
      await expectNoAxeViolationsAnywhere(page)

      // the host page: a DOM event on the widget element, and the dataLayer (consent given)
      await expect.poll(async () => (await events(page)).find((e) => e.name === 'checkout-completed')?.detail).toMatchObject({ bookingCode: code, currency: 'CHF', paymentMethod: 'PAY_ON_SITE' })
      const completed = (await events(page)).find((e) => e.name === 'checkout-completed')!
      expect(completed.widget).toBe('booking')
      expect(typeof completed.detail.total).toBe('number')
      expect(completed.detail.total as number).toBeGreaterThan(0)
      // Every date of the booking, as the confirmation lists it (issue 22, point 7), and nothing personal.
      const dates = completed.detail.dates as { offer: string; offerTitle: string; start: string; end: string; quantity: number; total: number }[]
      expect(dates).toHaveLength(1)
      expect(dates[0]).toMatchObject({ offer: offer.slug, offerTitle: offer.title, start: completed.detail.start, total: completed.detail.total })
      expect(dates[0]!.quantity).toBeGreaterThanOrEqual(1)
      expect(Date.parse(dates[0]!.end)).toBeGreaterThan(Date.parse(dates[0]!.start))
      expect(JSON.stringify(completed.detail)).not.toMatch(/@|Muster|Anna/)
      const pushed = (await dataLayer(page)).filter((d) => d.event === 'flowin.checkout-completed')
      expect(pushed).toHaveLength(1)
      expect(pushed[0]!.flowin).toMatchObject({ widget: 'booking', bookingCode: code })
      // a reload of the frame does not count the conversion twice
      await frame.evaluate(() => location.reload())
      await expect(frame.getByTestId('booking-code')).toHaveText(code)
      await page.waitForTimeout(500)
      expect((await events(page)).filter((e) => e.name === 'checkout-completed')).toHaveLength(1)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('prefill from the host page: the date is selected and, once a time is chosen, the participants set', async ({ page, request }) => {
    const month = new Date().toISOString().slice(0, 7)
    let date = ''
    let time = ''
    // A date with a time that has room for the two participants (tests running beside this one
    // hold places too: the first time of a day may be down to one place).
    for (let m = 0; m < 4 && !date; m++) {
      const d = new Date()
      d.setUTCDate(1)
      d.setUTCMonth(d.getUTCMonth() + m)
      const days = (await (await request.get(at('localhost', `/api/webshop/v1/offers/${offer.slug}/availability?month=${d.toISOString().slice(0, 7)}`))).json()).data.dates as { date: string; status: string }[]
      for (const day of days.filter((x) => x.status === 'AVAILABLE')) {
        const slots = (await (await request.get(at('localhost', `/api/webshop/v1/offers/${offer.slug}/dates/${day.date}`))).json()).data.slots as { startTime: string; placesLeft?: number }[]
        const roomy = slots.find((x) => (x.placesLeft ?? 0) >= 4)
        if (roomy) {
          date = day.date
          time = roomy.startTime
          break
        }
      }
    }
    expect(date, `an available date from ${month} on`).not.toBe('')
    await page.goto(`${HOST}/prefill?date=${date}&participants=2`)
    const frame = page.frameLocator('#booking iframe')
    await expect(frame.locator(`button[data-day="${date}"]`)).toHaveAttribute('aria-pressed', 'true')
    // frame configuration: no header, serif font
    await expect(frame.getByRole('heading', { level: 1 })).toHaveCount(0)
    expect(await frame.locator('[data-layout="embedded"]').evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Georgia')
    const panel = frame.getByTestId('booking-panel')
    await panel.locator('fieldset button:not([disabled])').filter({ hasText: time }).first().click()
    await expect(panel.locator('input[type="number"]').first()).toHaveValue('2')
  })

  test('the widgets page gives operators the snippets with a live preview, in three languages', async ({ page }) => {
    test.slow() // three pages with three frames each, and axe across all frames of each
    for (const [lang, heading] of [['de', 'Widgets für Ihre Website'], ['en', 'Widgets for your website'], ['fr', 'Widgets pour votre site web']] as const) {
      await page.goto(at('localhost', `/${lang}/widgets`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      const snippet = await page.getByTestId('snippet-booking').textContent()
      expect(snippet).toContain(`<script async src="${SHOP.replace(/\/$/, '')}/embed/v1/loader.js"></script>`)
      expect(snippet).toMatch(new RegExp(`data-flowin-widget="booking" data-offer="[a-z0-9-]+" data-lang="${lang}"`))
      // the preview is the snippet at work: three frames made by the loader
      await expect(page.locator('[data-flowin-widget] iframe')).toHaveCount(3)
      await expect(page.frameLocator('[data-flowin-widget="search"] iframe').getByRole('heading', { level: 2 }).first()).toBeVisible()
      await expectNoAxeViolationsAnywhere(page)
    }
    // another offer: the snippet and the preview follow
    const select = page.getByRole('combobox')
    const second = await select.locator('option').nth(1).getAttribute('value')
    await select.selectOption(second!)
    await expect(page.getByTestId('snippet-listing')).toContainText(`data-offer="${second}"`)
    await expect(page.locator(`[data-flowin-widget="listing"][data-offer="${second}"] iframe`)).toHaveCount(1)
  })

  test('a page that is not an embed refuses to be framed; an embed route may be', async ({ browser }) => {
    // A page of its own: the refused frame's console error is the expected outcome here.
    const page = await browser.newPage()
    const answers = new Map<string, Record<string, string>>()
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname
      if (path === '/de' || path === '/de/embed/v1/search') answers.set(path, r.headers())
    })
    await page.goto(`${HOST}/framed`)
    await expect.poll(() => answers.size).toBe(2)
    expect(answers.get('/de')!['x-frame-options']).toBe('DENY')
    expect(answers.get('/de')!['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(answers.get('/de/embed/v1/search')!['content-security-policy']).toContain('frame-ancestors *')
    // the shop's page is not shown in the frame; the embed is
    await expect(page.frameLocator('#embed').getByRole('heading', { name: 'Termin finden' })).toBeVisible()
    // The frame of the shop's page is there (found by its element, so the test cannot pass by
    // missing it) and shows nothing of the shop: the browser refused to render it.
    const shopFrame = await (await page.locator('#shop').elementHandle())?.contentFrame()
    expect(shopFrame, 'the frame of the shop page').toBeTruthy()
    await expect.poll(async () => shopFrame!.url()).not.toBe('about:blank')
    expect(shopFrame!.url().startsWith(SHOP.replace(/\/$/, ''))).toBe(false)
    expect(await shopFrame!.locator('[data-layout], main').count()).toBe(0)
    await page.close()
  })
})
