// @vitest-environment jsdom
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

/**
 * The loader as host pages get it: built by buildLoader() and run in the jsdom window, with
 * document.currentScript pointing at <script src="https://shop.example/embed/v1/loader.js">.
 */
const SHOP = 'https://shop.example'
type Host = Window & { FlowinWidgets?: { scan(): void }; dataLayer?: unknown }
const host = window as Host
let code = ''

beforeAll(async () => {
  // buildLoader() runs in a plain Node process: esbuild refuses to load under jsdom's globals
  // (its TextEncoder/Uint8Array come from another realm).
  const builder = join(import.meta.dirname, '..', '..', '..', 'scripts', 'lib', 'build-loader.ts')
  const script = `const { buildLoader } = await import(${JSON.stringify(builder)}); process.stdout.write(await buildLoader())`
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 1 << 20 })
  code = stdout
})

afterEach(() => {
  delete host.FlowinWidgets
  delete host.dataLayer
  document.documentElement.removeAttribute('lang')
})

/** A fresh <body> with `html`'s elements (built with DOMParser), then the loader runs. */
function page(html: string, options: { currentScript?: boolean } = {}) {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body
  document.documentElement.replaceChild(document.importNode(body, true), document.body)
  delete host.FlowinWidgets
  const script = document.createElement('script')
  script.src = `${SHOP}/embed/v1/loader.js`
  if (options.currentScript === false) document.body.appendChild(script)
  Object.defineProperty(document, 'currentScript', { value: options.currentScript === false ? null : script, configurable: true })
  try {
    new Function(code)()
  } finally {
    delete (document as { currentScript?: unknown }).currentScript
  }
}

const frames = () => Array.from(document.querySelectorAll('iframe'))
const frame = (selector: string) => document.querySelector(`${selector} iframe`) as HTMLIFrameElement
const srcOf = (f: HTMLIFrameElement) => new URL(f.src)
const query = (f: HTMLIFrameElement) => Object.fromEntries(srcOf(f).searchParams)

function post(data: unknown, options: { origin?: string; source?: Window | null } = {}) {
  window.dispatchEvent(new MessageEvent('message', { data, origin: options.origin ?? SHOP, source: options.source ?? null }))
}
const msg = (f: HTMLIFrameElement, body: Record<string, unknown>) =>
  post({ source: 'flowin-embed', version: 1, widget: query(f).widget, ...body }, { source: f.contentWindow })

describe('embed loader: mounting', () => {
  it('gives two widgets two iframes with the right src, ids and titles', () => {
    document.documentElement.lang = 'fr-CH'
    page(`
      <div id="a" data-flowin-widget="booking" data-offer="kayak-tour" data-lang="en" data-date="2026-07-14"
        data-participants="3" data-accent="#12AB34" data-font="serif" data-radius="0" data-hide="images, header">
        <a href="${SHOP}/en/listing/kayak-tour">Book</a></div>
      <section id="b" data-flowin-widget="search" data-q="  kayak  "></section>`)
    const [a, b] = [frame('#a'), frame('#b')]
    expect(frames()).toHaveLength(2)
    expect(srcOf(a).origin + srcOf(a).pathname).toBe(`${SHOP}/en/embed/v1/booking/kayak-tour`)
    expect(query(a)).toEqual({
      origin: location.origin,
      path: location.pathname,
      widget: 'fw1',
      date: '2026-07-14',
      participants: '3',
      accent: '#12AB34',
      font: 'serif',
      radius: '0',
      hide: 'images,header',
    })
    expect(a.src).toContain('accent=%2312AB34')
    // no data-lang: the page's <html lang="fr-CH">
    expect(srcOf(b).origin + srcOf(b).pathname).toBe(`${SHOP}/fr/embed/v1/search`)
    expect(query(b)).toEqual({ origin: location.origin, path: location.pathname, widget: 'fw2', q: 'kayak' })
    expect(a.title).toBe('Booking')
    expect(b.title).toBe('Recherche')
    for (const f of [a, b]) {
      expect(f.getAttribute('loading')).toBe('lazy')
      expect(f.getAttribute('allow')).toBe('payment')
      expect(f.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin')
      expect(f.getAttribute('scrolling')).toBe('no')
      expect(f.hasAttribute('sandbox')).toBe(false)
      expect(f.style.display).toBe('block')
      expect(f.style.width).toBe('100%')
      expect(f.parentElement!.getAttribute('data-flowin-ready')).toBe('1')
    }
    expect(a.style.height).toBe('640px')
    expect(b.style.height).toBe('560px')
  })

  it('uses data-title, data-height and the default language and titles', () => {
    page(`
      <div id="l" data-flowin-widget="listing" data-offer="city-walk-2" data-height="300"></div>
      <div id="t" data-flowin-widget="booking" data-offer="x" data-lang="fr" data-title="  Réserver la balade "></div>
      <div id="d" data-flowin-widget="booking" data-offer="y" data-height="199"></div>`)
    const l = frame('#l')
    expect(srcOf(l).pathname).toBe('/de/embed/v1/listing/city-walk-2')
    expect(l.title).toBe('Angebot')
    expect(l.style.height).toBe('300px')
    expect(frame('#t').title).toBe('Réserver la balade')
    expect(srcOf(frame('#t')).pathname).toBe('/fr/embed/v1/booking/x')
    expect(frame('#d').title).toBe('Buchung')
    expect(frame('#d').style.height).toBe('640px')
  })

  it('drops malformed attributes silently', () => {
    document.documentElement.lang = 'en-GB'
    page(`<div id="m" data-flowin-widget="booking" data-offer="tour" data-lang="es" data-accent="red;}" data-font="Comic"
      data-radius="99" data-participants="0" data-date="2026-13-01" data-hide="images,footer,images" data-height="9000"
      data-q="${'x'.repeat(101)}"></div>
      <div id="n" data-flowin-widget="booking" data-offer="tour" data-accent="#fff" data-radius="-1" data-participants="51"
      data-date="14.07.2026" data-hide="footer" data-font="" data-title=""></div>`)
    const m = frame('#m')
    expect(srcOf(m).pathname).toBe('/en/embed/v1/booking/tour')
    expect(query(m)).toEqual({ origin: location.origin, path: location.pathname, widget: 'fw1', hide: 'images' })
    expect(m.style.height).toBe('640px')
    expect(query(frame('#n'))).toEqual({ origin: location.origin, path: location.pathname, widget: 'fw2' })
    expect(frame('#n').title).toBe('Booking')
  })

  it('skips widgets without a valid offer or kind', () => {
    page(`
      <div id="traversal" data-flowin-widget="booking" data-offer="../x"></div>
      <div id="none" data-flowin-widget="booking"></div>
      <div id="upper" data-flowin-widget="listing" data-offer="Kayak"></div>
      <div id="kind" data-flowin-widget="calendar" data-offer="kayak"></div>
      <div id="ok" data-flowin-widget="listing" data-offer="kayak"></div>`)
    expect(frames()).toHaveLength(1)
    expect(frame('#ok')).toBeTruthy()
    for (const id of ['traversal', 'none', 'upper', 'kind']) expect(document.getElementById(id)!.hasAttribute('data-flowin-ready')).toBe(false)
  })

  it('keeps the fallback link, hidden, and adds the iframe after it', () => {
    page(`<div id="w" data-flowin-widget="booking" data-offer="kayak">
      <a id="fallback" href="${SHOP}/de/listing/kayak">Jetzt buchen</a> text </div>`)
    const el = document.getElementById('w')!
    const link = document.getElementById('fallback')!
    expect(link.parentElement).toBe(el)
    expect(link.hidden).toBe(true)
    expect(link.style.display).toBe('none')
    expect(Array.from(el.childNodes).map((n) => n.nodeName)).toEqual(['A', 'IFRAME'])
  })

  it('finds its shop without currentScript (last loader script) and sets neither cookies nor storage', () => {
    page(`<div id="w" data-flowin-widget="search"></div>`, { currentScript: false })
    expect(srcOf(frame('#w')).origin).toBe(SHOP)
    expect(document.cookie).toBe('')
    expect(localStorage.length + sessionStorage.length).toBe(0)
    expect(Object.keys(window).filter((k) => /flowin/i.test(k))).toEqual(['FlowinWidgets'])
  })

  it('waits for DOMContentLoaded while the document is still loading', () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true })
    try {
      page(`<div id="w" data-flowin-widget="search"></div>`)
      expect(frames()).toHaveLength(0)
      document.dispatchEvent(new Event('DOMContentLoaded'))
      expect(frames()).toHaveLength(1)
    } finally {
      delete (document as { readyState?: unknown }).readyState
    }
  })

  it('scan() picks up widgets added later and never mounts one twice; so does the DOM watcher', async () => {
    page(`<div id="a" data-flowin-widget="search"></div>`)
    const later = document.createElement('div')
    later.id = 'b'
    later.setAttribute('data-flowin-widget', 'listing')
    later.setAttribute('data-offer', 'kayak')
    document.body.appendChild(later)
    host.FlowinWidgets!.scan()
    host.FlowinWidgets!.scan()
    expect(frames()).toHaveLength(2)
    expect(query(frame('#b')).widget).toBe('fw2')
    expect(document.querySelectorAll('#a iframe')).toHaveLength(1)

    const wrapper = document.createElement('div')
    wrapper.innerHTML = '<p><span id="c" data-flowin-widget="booking" data-offer="sup"></span></p>'
    document.body.appendChild(wrapper)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(frames()).toHaveLength(3)
    expect(query(frame('#c')).widget).toBe('fw3')
  })

  it('does nothing more when included twice', () => {
    page(`<div id="a" data-flowin-widget="search"></div>`)
    const first = host.FlowinWidgets
    new Function(code)()
    expect(host.FlowinWidgets).toBe(first)
    expect(frames()).toHaveLength(1)
  })
})

describe('embed loader: messages from the frames', () => {
  const twoWidgets = (extra = '') =>
    page(`<div id="a" data-flowin-widget="booking" data-offer="kayak" ${extra}></div>
      <div id="b" data-flowin-widget="listing" data-offer="sup"></div>`)

  it('resizes the iframe on a resize message from its own frame', () => {
    twoWidgets()
    const a = frame('#a')
    expect(a.contentWindow).toBeTruthy()
    msg(a, { type: 'resize', height: 812.2 })
    expect(a.style.height).toBe('813px')
    msg(a, { type: 'resize', height: 814 }) // < 2 px: ignored
    expect(a.style.height).toBe('813px')
    msg(a, { type: 'resize', height: 500 }) // shrinking is fine
    expect(a.style.height).toBe('500px')
    msg(a, { type: 'resize', height: 5 })
    expect(a.style.height).toBe('100px')
    msg(a, { type: 'resize', height: 1e9 })
    expect(a.style.height).toBe('20000px')
    for (const height of [Number.NaN, Infinity, '900', null]) msg(a, { type: 'resize', height })
    expect(a.style.height).toBe('20000px')
    expect(frame('#b').style.height).toBe('420px')
  })

  it('ignores messages from another origin, another source or for another widget', () => {
    twoWidgets()
    const [a, b] = [frame('#a'), frame('#b')]
    const resize = { source: 'flowin-embed', version: 1, widget: 'fw1', type: 'resize', height: 900 }
    post(resize, { origin: 'https://evil.example', source: a.contentWindow })
    post(resize, { origin: `${SHOP}:8443`, source: a.contentWindow })
    post(resize, { source: b.contentWindow }) // b's frame claiming to be fw1
    post(resize, { source: window }) // the host page itself
    post(resize, { source: null })
    post({ ...resize, widget: 'fw2' }, { source: a.contentWindow }) // a's frame claiming to be fw2
    post({ ...resize, version: 2 }, { source: a.contentWindow })
    post({ ...resize, source: 'other' }, { source: a.contentWindow })
    post(JSON.stringify(resize), { source: a.contentWindow })
    expect(a.style.height).toBe('640px')
    expect(b.style.height).toBe('420px')
    post(resize, { source: a.contentWindow })
    expect(a.style.height).toBe('900px')
    // a removed widget's iframe has no contentWindow: a message without source must not match it
    // (browsers null it on removal; jsdom does not, so it is stubbed here)
    document.getElementById('a')!.remove()
    Object.defineProperty(a, 'contentWindow', { value: null, configurable: true })
    post({ ...resize, height: 1200 }, { source: null })
    expect(a.style.height).toBe('900px')
  })

  it('turns events into bubbling CustomEvents on the widget element', () => {
    twoWidgets()
    const a = frame('#a')
    const seen: { type: string; target: EventTarget | null; detail: unknown }[] = []
    for (const name of ['ready', 'booking-started', 'checkout-completed', 'request-sent', 'other'])
      document.addEventListener(`flowin:${name}`, (e) => seen.push({ type: e.type, target: e.target, detail: (e as CustomEvent).detail }))
    msg(a, { type: 'event', name: 'booking-started', detail: { offer: 'kayak', date: '2026-07-14' } })
    msg(a, { type: 'event', name: 'checkout-completed', detail: { total: 120, currency: 'CHF' } })
    msg(a, { type: 'event', name: 'request-sent' })
    msg(a, { type: 'event', name: 'other', detail: {} })
    msg(a, { type: 'event', name: 'ready', detail: { big: BigInt(1) } }) // not JSON: dropped
    msg(a, { type: 'event', name: 'ready', detail: [1, 2] }) // not an object: dropped
    expect(seen).toEqual([
      { type: 'flowin:booking-started', target: document.getElementById('a'), detail: { offer: 'kayak', date: '2026-07-14' } },
      { type: 'flowin:checkout-completed', target: document.getElementById('a'), detail: { total: 120, currency: 'CHF' } },
      { type: 'flowin:request-sent', target: document.getElementById('a'), detail: {} },
    ])
  })

  it('forwards only plain JSON values', () => {
    twoWidgets()
    const a = frame('#a')
    let detail: unknown
    document.getElementById('a')!.addEventListener('flowin:booking-started', (e) => (detail = (e as CustomEvent).detail))
    msg(a, { type: 'event', name: 'booking-started', detail: { when: new Date(Date.UTC(2026, 6, 14)), gone: undefined, fn: () => 1, n: 1 } })
    expect(detail).toEqual({ when: '2026-07-14T00:00:00.000Z', n: 1 })
  })

  it('sets the iframe title from the ready event unless data-title is set', () => {
    page(`<div id="a" data-flowin-widget="booking" data-offer="kayak"></div>
      <div id="b" data-flowin-widget="booking" data-offer="kayak" data-title="Mine"></div>`)
    const [a, b] = [frame('#a'), frame('#b')]
    msg(a, { type: 'event', name: 'ready', detail: { title: 'x'.repeat(201) } })
    msg(a, { type: 'event', name: 'ready', detail: { title: '   ' } })
    expect(a.title).toBe('Buchung')
    msg(a, { type: 'event', name: 'ready', detail: { title: 'Kajaktour buchen' } })
    msg(b, { type: 'event', name: 'ready', detail: { title: 'Kajaktour buchen' } })
    expect(a.title).toBe('Kajaktour buchen')
    expect(b.title).toBe('Mine')
  })

  it('pushes to dataLayer only with data-consent="granted"', () => {
    host.dataLayer = []
    twoWidgets('data-consent="granted"')
    const [a, b] = [frame('#a'), frame('#b')]
    msg(a, { type: 'event', name: 'checkout-completed', detail: { total: 120 } })
    msg(b, { type: 'event', name: 'checkout-completed', detail: { total: 80 } })
    msg(a, { type: 'event', name: 'nope', detail: {} })
    expect(host.dataLayer).toEqual([{ event: 'flowin.checkout-completed', flowin: { widget: 'booking', total: 120 } }])
    // consent can be withdrawn on the element at any time
    document.getElementById('a')!.setAttribute('data-consent', 'denied')
    msg(a, { type: 'event', name: 'ready', detail: {} })
    expect(host.dataLayer).toHaveLength(1)
  })

  it('leaves a dataLayer that is not an array alone', () => {
    host.dataLayer = { push: () => { throw new Error('must not be called') } }
    twoWidgets('data-consent="granted"')
    let fired = false
    document.getElementById('a')!.addEventListener('flowin:ready', () => (fired = true))
    msg(frame('#a'), { type: 'event', name: 'ready', detail: {} })
    expect(fired).toBe(true)
  })
})
