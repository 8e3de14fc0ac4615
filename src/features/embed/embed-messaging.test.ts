import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectEmbed, disconnectEmbed, emitEmbedEvent, emitEmbedEventOnce, postHeight } from './embed-messaging'

/** A frame whose parent is at `parentOrigin` (as the browser reports it). */
function frame(parentOrigin: string | null, options: { referrer?: string } = {}) {
  const posted: { message: unknown; target: string }[] = []
  const parent = { postMessage: (message: unknown, target: string) => posted.push({ message, target }) }
  const store = new Map<string, string>()
  const win = {
    parent,
    location: { ancestorOrigins: parentOrigin === null ? undefined : { length: 1, 0: parentOrigin } },
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
  }
  vi.stubGlobal('window', win)
  vi.stubGlobal('document', { referrer: options.referrer ?? '', title: 't' })
  return { posted }
}

afterEach(() => {
  disconnectEmbed()
  vi.unstubAllGlobals()
})

describe('the frame side of the embed protocol (ADR 013)', () => {
  it('talks only to the origin it was given, and only when that is the real parent', () => {
    const { posted } = frame('https://www.example.ch')
    expect(connectEmbed({ origin: 'https://www.example.ch', widget: 'fw1' })).toEqual({ ok: true })
    postHeight(412.3)
    emitEmbedEvent('ready', { title: 'Canyoning' })
    expect(posted).toEqual([
      { message: { source: 'flowin-embed', version: 1, widget: 'fw1', type: 'resize', height: 413 }, target: 'https://www.example.ch' },
      { message: { source: 'flowin-embed', version: 1, widget: 'fw1', type: 'event', name: 'ready', detail: { title: 'Canyoning' } }, target: 'https://www.example.ch' },
    ])
  })

  it('stays silent when the claimed origin is not the parent (a page passing someone else\'s origin)', () => {
    const { posted } = frame('https://evil.example')
    expect(connectEmbed({ origin: 'https://www.example.ch', widget: 'fw1' })).toMatchObject({ ok: false })
    emitEmbedEvent('checkout-completed', { bookingCode: 'X' })
    expect(posted).toEqual([])
  })

  it("falls back to the referrer's origin where ancestorOrigins is missing", () => {
    frame(null, { referrer: 'https://evil.example/page' })
    expect(connectEmbed({ origin: 'https://www.example.ch', widget: 'fw1' }).ok).toBe(false)
    frame(null, { referrer: 'https://www.example.ch/booking' })
    expect(connectEmbed({ origin: 'https://www.example.ch', widget: 'fw1' }).ok).toBe(true)
  })

  it("respects the shop's allow-list", () => {
    const { posted } = frame('https://other.example')
    expect(connectEmbed({ origin: 'https://other.example', widget: 'fw1', allowedOrigins: ['https://www.example.ch'] })).toMatchObject({ ok: false })
    postHeight(100)
    expect(posted).toEqual([])
  })

  it('is silent outside a frame or without the loader', () => {
    const win = { location: {} } as { parent?: unknown; location: object }
    win.parent = win
    vi.stubGlobal('window', win)
    vi.stubGlobal('document', { referrer: '' })
    expect(connectEmbed({ origin: 'https://www.example.ch', widget: 'fw1' })).toEqual({ ok: false, reason: 'not framed' })
    frame('https://www.example.ch')
    expect(connectEmbed({})).toMatchObject({ ok: false })
  })

  it('counts a conversion once per tab, whatever the reloads', () => {
    const { posted } = frame('https://www.example.ch')
    connectEmbed({ origin: 'https://www.example.ch', widget: 'fw1' })
    emitEmbedEventOnce('cart1', 'checkout-completed', { bookingCode: 'AB12-CD34' })
    emitEmbedEventOnce('cart1', 'checkout-completed', { bookingCode: 'AB12-CD34' })
    emitEmbedEventOnce('cart2', 'checkout-completed', { bookingCode: 'EF56-GH78' })
    expect(posted.map((p) => (p.message as { detail: { bookingCode: string } }).detail.bookingCode)).toEqual(['AB12-CD34', 'EF56-GH78'])
  })
})
