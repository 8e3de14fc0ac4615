import { describe, expect, it } from 'vitest'
import { isPersonalPage, isStaffPage, securityHeaders, staffPageHeaders, transportHeaders } from './pages'

const ancestors = (headers: Record<string, string>) => /frame-ancestors ([^;]+)/.exec(headers['content-security-policy']!)?.[1]

describe('framing headers', () => {
  it('lets any site frame the embed routes when the shop keeps no allow-list', () => {
    const headers = securityHeaders('/de/embed/v1/booking/canyoning')
    expect(ancestors(headers)).toBe('*')
    expect(headers['x-frame-options']).toBeUndefined()
  })

  it("narrows the embed routes to the shop's allow-list", () => {
    expect(ancestors(securityHeaders('/fr/embed/v1/search', { frameAncestors: ['https://www.example.ch', 'http://127.0.0.1:4174'] }))).toBe("'self' https://www.example.ch http://127.0.0.1:4174")
  })

  it('never lets configuration break out of the header', () => {
    const headers = securityHeaders('/en/embed/v1/search', { frameAncestors: ["https://a.ch; script-src 'unsafe-inline'", '*', 'https://ok.ch'] })
    expect(ancestors(headers)).toBe("'self' https://ok.ch")
    expect(/script-src ([^;]+)/.exec(headers['content-security-policy']!)?.[1]).toBe("'self'")
    expect(headers['content-security-policy']!.split('; ')).toHaveLength(10)
    expect(ancestors(securityHeaders('/en/embed/v1/search', { frameAncestors: ['javascript:alert(1)'] }))).toBe("'self'")
  })

  it('refuses framing of every other page', () => {
    for (const path of ['/', '/de', '/de/listing/canyoning', '/en/checkout/abc', '/fr/aftersales/payment/x', '/de/embed', '/de/embedded/v1/search', '/de/admin', '/en/admin/sign-in', '/fr/admin/staff']) {
      const headers = securityHeaders(path, { frameAncestors: ['https://www.example.ch'] })
      expect(ancestors(headers), path).toBe("'none'")
      expect(headers['x-frame-options'], path).toBe('DENY')
    }
  })
})

describe('headers of every answer and personal pages', () => {
  it('sends nosniff always and HSTS only over HTTPS', () => {
    expect(transportHeaders(false)).toEqual({ 'x-content-type-options': 'nosniff' })
    expect(transportHeaders(true)).toEqual({ 'x-content-type-options': 'nosniff', 'strict-transport-security': 'max-age=31536000; includeSubDomains' })
  })

  it('knows the pages that show personal data', () => {
    for (const path of ['/de/checkout/abc', '/en/checkout/abc/', '/fr/checkout/abc/success', '/en/aftersales/payment/tok']) expect(isPersonalPage(path), path).toBe(true)
    for (const path of ['/de', '/en/listing/canyoning', '/de/imprint', '/en/embed/v1/search', '/en/checkout']) expect(isPersonalPage(path), path).toBe(false)
  })

  it('keeps staff pages out of caches and search engines', () => {
    for (const path of ['/de/admin', '/en/admin/', '/fr/admin/sign-in', '/de/admin/password/abc']) expect(isStaffPage(path), path).toBe(true)
    for (const path of ['/de', '/de/administration', '/en/listing/admin', '/admin', '/it/admin']) expect(isStaffPage(path), path).toBe(false)
    expect(staffPageHeaders()).toEqual({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' })
  })
})
