/**
 * The frame's side of the embed protocol (ADR 013, the loader in ./loader.ts is the
 * other side). Messages go to the host page's origin only (an explicit targetOrigin, never '*'),
 * and only when that origin is really our parent and, if the shop keeps an allow-list, on it.
 */
export type EmbedEventName = 'ready' | 'booking-started' | 'checkout-completed' | 'request-sent'

type Message =
  | { type: 'resize'; height: number }
  | { type: 'event'; name: EmbedEventName; detail: Record<string, unknown> }

type Channel = { parent: Window; origin: string; widget: string }

let channel: Channel | null = null

/** Where the frame is, as far as the browser tells: ancestorOrigins (Chromium, Safari), else the referrer. */
function parentOrigin(): string | undefined {
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? undefined
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

/**
 * Decides whether to talk to the parent: framed, the claimed origin is the real parent's, and it
 * is allowed. Returns the reason when it will not (for tests and the console).
 */
export function connectEmbed(options: { origin?: string; widget?: string; allowedOrigins?: readonly string[] }): { ok: true } | { ok: false; reason: string } {
  channel = null
  if (typeof window === 'undefined' || window.parent === window) return { ok: false, reason: 'not framed' }
  if (!options.origin || !options.widget) return { ok: false, reason: 'no origin or widget id (not embedded by the loader)' }
  const actual = parentOrigin()
  if (actual && actual !== options.origin) return { ok: false, reason: `the parent is ${actual}, not ${options.origin}` }
  if (options.allowedOrigins?.length && !options.allowedOrigins.includes(options.origin) && options.origin !== window.location.origin) return { ok: false, reason: `${options.origin} is not on the shop's allow-list` }
  channel = { parent: window.parent, origin: options.origin, widget: options.widget }
  return { ok: true }
}

export function disconnectEmbed() {
  channel = null
}

function post(message: Message) {
  if (!channel) return
  channel.parent.postMessage({ source: 'flowin-embed', version: 1, widget: channel.widget, ...message }, channel.origin)
}

export function postHeight(height: number) {
  post({ type: 'resize', height: Math.ceil(height) })
}

/** An event for the host page (a DOM CustomEvent on the widget element there, and dataLayer). */
export function emitEmbedEvent(name: EmbedEventName, detail: Record<string, unknown> = {}) {
  post({ type: 'event', name, detail })
}

/**
 * Once per browser tab and key: a reload of the success view must not count a conversion twice.
 */
export function emitEmbedEventOnce(key: string, name: EmbedEventName, detail: Record<string, unknown>) {
  if (!channel) return
  const storageKey = `flowin.embed.sent.${name}.${key}`
  try {
    if (window.sessionStorage.getItem(storageKey)) return
    window.sessionStorage.setItem(storageKey, '1')
  } catch {
    // storage blocked: send it anyway
  }
  emitEmbedEvent(name, detail)
}
