import { describe, expect, it } from 'vitest'
import { isDangerousUrl, safeHref, safeHrefOrUndefined, UnsafeUrlError } from './safe-url'

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
})
