import { describe, expect, it } from 'vitest'
import { isDangerousUrl, safeHref, safeHrefOrUndefined, safeNavigationUrl, UnsafeUrlError, withSafeRedirect } from './safe-url'

describe('safe navigation', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'javascript&colon;alert(1)',
  ])('refuses %j everywhere, even flagged external', (url) => {
    expect(isDangerousUrl(url)).toBe(true)
    expect(() => safeHref(url, { external: true })).toThrow(UnsafeUrlError)
    expect(safeHrefOrUndefined(url, { external: true })).toBeUndefined()
  })

  it('lets internal paths through', () => {
    expect(safeHref('/de/imprint')).toBe('/de/imprint')
    expect(safeHref('imprint')).toBe('imprint')
    expect(safeHref('#top')).toBe('#top')
  })

  it('needs the external flag for other origins', () => {
    expect(() => safeHref('https://example.com')).toThrow(/external flag/)
    expect(() => safeHref('//example.com/x')).toThrow(/external flag/)
    expect(safeHref('https://example.com', { external: true })).toBe('https://example.com')
    expect(safeHref('mailto:info@example.com', { external: true })).toBe('mailto:info@example.com')
    expect(safeHref('tel:+41331234567', { external: true })).toBe('tel:+41331234567')
    expect(() => safeHref('ftp://example.com', { external: true })).toThrow(UnsafeUrlError)
  })

  it('sends the browser only to https pages or pages of its own origin', () => {
    const origin = 'http://localhost:4173'
    expect(safeNavigationUrl('https://pay.example/session/1', origin)).toBe('https://pay.example/session/1')
    expect(safeNavigationUrl('http://localhost:4173/sandbox/pay/1', origin)).toBe('http://localhost:4173/sandbox/pay/1')
    expect(safeNavigationUrl('/de/checkout/x?payment=1', origin)).toBe('http://localhost:4173/de/checkout/x?payment=1')
    for (const url of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'http://pay.example/x', 'ftp://pay.example/x', 'http://localhost:4174/x', '//evil.example/x', 'blob:https://pay.example/1']) {
      expect(() => safeNavigationUrl(url, origin), url).toThrow(UnsafeUrlError)
    }
    expect(withSafeRedirect({ paymentId: 'p', redirectUrl: 'https://pay.example/1' }, origin)).toEqual({ paymentId: 'p', redirectUrl: 'https://pay.example/1' })
    expect(() => withSafeRedirect({ paymentId: 'p', redirectUrl: 'javascript:alert(1)' }, origin)).toThrow(UnsafeUrlError)
  })
})
