/**
 * Flowin embed loader. Host pages include ONE script and mark each widget:
 *
 *   <script async src="https://SHOP/embed/v1/loader.js"></script>
 *   <div data-flowin-widget="booking" data-offer="kayak-tour" data-lang="en">
 *     <a href="https://SHOP/en/listing/kayak-tour">Book the kayak tour</a>   (no-JS fallback)
 *   </div>
 *
 * The shop is the origin the script was loaded from. Attributes of a widget element:
 *   data-flowin-widget  booking | listing | search (anything else: ignored)
 *   data-offer          offer slug [a-z0-9]+(-[a-z0-9]+)*; required for booking and listing
 *   data-lang           de | en | fr; default: the host's <html lang> if it is one of them, else de
 *   data-date           prefill YYYY-MM-DD          data-participants  prefill 1–50
 *   data-q              search prefill, ≤ 100 chars
 *   data-accent         #rrggbb                     data-font    system|sans|serif|rounded|mono
 *   data-radius         0–24 (px)                   data-hide    comma list of images,header,description
 *   data-title          iframe title (default: localized 'Booking' / 'Offer' / 'Search')
 *   data-consent        'granted': also push the widget's events to window.dataLayer
 *   data-height         initial reserved height in px, 200–4000 (booking 640, listing 420, search 560)
 * Malformed attributes are dropped silently (the frame validates everything again). The prefill
 * and frame settings go into the frame URL under the same names without `data-`, together with
 * `origin` (this page's origin) and `widget` (fw1, fw2, … per page):
 *   SHOP/{lang}/embed/v1/booking/{offer} | listing/{offer} | search
 *
 * The element's content (the fallback link) stays, hidden; the iframe is added after it and the
 * element gets data-flowin-ready="1". Frames talk back with postMessage
 * ({ source: 'flowin-embed', version: 1, widget, type: 'resize' | 'event', … }); messages count
 * only from the shop's origin and from the very iframe of that widget. Events are re-dispatched as
 * `flowin:<name>` CustomEvents (bubbling) on the widget element. Widgets added later (SPA): the
 * loader watches the DOM, and `window.FlowinWidgets.scan()` does it on demand.
 * No cookies, no storage, no other globals, no innerHTML.
 */

type Widget = { id: string; el: Element; frame: HTMLIFrameElement; kind: string; h: number; titled: boolean }
type Host = Window & { FlowinWidgets?: { scan(): void }; dataLayer?: unknown }

const SELECTOR = '[data-flowin-widget]'
const KINDS = ['booking', 'listing', 'search']
const HEIGHTS = [640, 420, 560]
const TITLES: Record<string, string[]> = {
  de: ['Buchung', 'Angebot', 'Suche'],
  en: ['Booking', 'Offer', 'Search'],
  fr: ['Réservation', 'Offre', 'Recherche'],
}
const EVENTS = ['ready', 'booking-started', 'checkout-completed', 'request-sent']
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const LANG = /^(de|en|fr)(?![a-z])/i

/** An integer in [lo, hi] written in plain digits, or undefined. */
const int = (v: string | null, lo: number, hi: number) => (v && /^\d{1,5}$/.test(v) && +v >= lo && +v <= hi ? +v : undefined)

/** Frame URL parameters: attribute name (without data-) → normalized value; falsy (but 0) drops it. */
const PARAMS: [string, (v: string) => unknown][] = [
  ['date', (v) => /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(v) && v],
  ['participants', (v) => int(v, 1, 50)],
  ['q', (v) => v.length <= 100 && v.trim()],
  ['accent', (v) => /^#[0-9a-f]{6}$/i.test(v) && v],
  ['font', (v) => ['system', 'sans', 'serif', 'rounded', 'mono'].indexOf(v) >= 0 && v],
  ['radius', (v) => int(v, 0, 24)],
  [
    'hide',
    (v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s, i, all) => ['images', 'header', 'description'].indexOf(s) >= 0 && all.indexOf(s) === i)
        .join(','),
  ],
]

/** Plain JSON object copy of a message's detail, or undefined when it is not one. */
function json(value: unknown): Record<string, unknown> | undefined {
  try {
    const copy = JSON.parse(JSON.stringify(value ?? {}))
    return copy && typeof copy == 'object' && !Array.isArray(copy) ? copy : undefined
  } catch {
    return undefined
  }
}

function main() {
  const host = window as Host
  if (host.FlowinWidgets) return // included twice: the first one does the work
  const doc = document
  const current = doc.currentScript as HTMLScriptElement | null
  const script = current && current.src ? current : Array.from(doc.querySelectorAll<HTMLScriptElement>('script[src*="/embed/v1/loader.js"]')).pop()
  if (!script) return
  const shop = new URL(script.src).origin
  const widgets: Widget[] = []

  const mount = (el: Element) => {
    const attr = (name: string) => el.getAttribute('data-' + name)
    const kind = attr('flowin-widget') || ''
    const index = KINDS.indexOf(kind)
    const offer = attr('offer') || ''
    if (index < 0 || (index < 2 && !SLUG.test(offer))) return
    el.setAttribute('data-flowin-ready', '1')
    const lang = (LANG.exec(attr('lang') || '') || LANG.exec(doc.documentElement.lang) || ['', 'de'])[1]!.toLowerCase()
    const id = 'fw' + (widgets.length + 1)
    const url = new URL(`${shop}/${lang}/embed/v1/${index < 2 ? kind + '/' + offer : kind}`)
    const query = url.searchParams
    query.set('origin', location.origin)
    // The page's path (no query, no fragment): the shop's reports say on which page visitors booked.
    query.set('path', location.pathname.slice(0, 200))
    query.set('widget', id)
    for (const [name, check] of PARAMS) {
      const raw = attr(name)
      const value = raw != null && check(raw)
      if (value || value === 0) query.set(name, String(value))
    }
    const height = int(attr('height'), 200, 4000) || HEIGHTS[index]!
    const title = (attr('title') || '').trim()
    const frame = doc.createElement('iframe')
    frame.title = title || TITLES[lang]![index]!
    for (const [name, value] of [
      ['loading', 'lazy'],
      ['allow', 'payment'],
      ['referrerpolicy', 'strict-origin-when-cross-origin'],
      ['scrolling', 'no'],
      ['style', `display:block;width:100%;border:0;overflow:hidden;height:${height}px;color-scheme:normal`],
      ['src', url.href],
    ]) frame.setAttribute(name!, value!)
    // the fallback stays in the DOM, hidden (also from screen readers); text nodes go
    for (const node of Array.from(el.childNodes)) {
      if (node.nodeType == 1) {
        ;(node as HTMLElement).setAttribute('hidden', '')
        ;(node as HTMLElement).style.display = 'none'
      } else el.removeChild(node)
    }
    widgets.push({ id, el, frame, kind, h: height, titled: !!title })
    el.appendChild(frame)
  }

  const scan = () => doc.querySelectorAll(SELECTOR).forEach((el) => el.hasAttribute('data-flowin-ready') || mount(el))

  addEventListener('message', (event) => {
    const data = event.data
    if (event.origin !== shop || !event.source || !data || typeof data != 'object' || data.source !== 'flowin-embed' || data.version !== 1) return
    let widget: Widget | undefined
    for (const w of widgets) if (w.frame.contentWindow === event.source) widget = w
    if (!widget || data.widget !== widget.id) return
    const { el, frame } = widget
    if (data.type === 'resize') {
      const raw = data.height
      if (typeof raw != 'number' || !isFinite(raw)) return
      const height = Math.ceil(Math.min(20000, Math.max(100, raw)))
      if (Math.abs(height - widget.h) < 2) return
      widget.h = height
      frame.style.height = height + 'px'
    } else if (data.type === 'event' && EVENTS.indexOf(data.name) >= 0) {
      const name: string = data.name
      const detail = json(data.detail)
      if (!detail) return
      el.dispatchEvent(new CustomEvent('flowin:' + name, { detail, bubbles: true }))
      const title = detail.title
      if (name == 'ready' && !widget.titled && typeof title == 'string' && title.trim() && title.length <= 200) frame.title = title
      const layer = host.dataLayer
      if (el.getAttribute('data-consent') === 'granted' && Array.isArray(layer))
        layer.push({ event: 'flowin.' + name, flowin: { widget: widget.kind, ...json(data.detail) } })
    }
  })

  host.FlowinWidgets = { scan }
  const start = () => {
    scan()
    if (doc.body)
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of Array.from(record.addedNodes) as Element[])
            if (node.nodeType == 1 && (node.matches(SELECTOR) || node.querySelector(SELECTOR))) return scan()
      }).observe(doc.body, { childList: true, subtree: true })
  }
  if (doc.readyState == 'loading') doc.addEventListener('DOMContentLoaded', start)
  else start()
}

main()

export {}
