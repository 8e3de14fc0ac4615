import { describe, expect, it } from 'vitest'
import { isSecureRequest, originForHost, originSettings, shopOrigin } from './public-origin'

describe('canonical origin of a shop', () => {
  const local = originSettings({ HOSTED_DOMAIN: 'localhost', DEFAULT_TENANT: 'alpin', PORT: 4173 })
  const hosted = originSettings({ HOSTED_DOMAIN: 'flowin.shop', DEFAULT_TENANT: 'alpin', PORT: 3000 })

  it('is http://localhost:PORT for the default shop and http://{shop}.localhost:PORT for the others locally', () => {
    expect(shopOrigin({ id: 'alpin' }, local)).toBe('http://localhost:4173')
    expect(shopOrigin({ id: 'atelier' }, local)).toBe('http://atelier.localhost:4173')
  })

  it('is https://{shop}.HOSTED_DOMAIN without port elsewhere, the default shop included', () => {
    expect(shopOrigin({ id: 'alpin' }, hosted)).toBe('https://alpin.flowin.shop')
    expect(shopOrigin({ id: 'atelier', primaryDomain: null }, hosted)).toBe('https://atelier.flowin.shop')
  })

  it('uses the primary custom domain when the shop has one', () => {
    expect(shopOrigin({ id: 'alpin', primaryDomain: 'www.alpin.ch' }, hosted)).toBe('https://www.alpin.ch')
  })

  it('takes scheme and port from PUBLIC_SCHEME and PUBLIC_PORT; a default port is left out', () => {
    expect(shopOrigin({ id: 'alpin' }, originSettings({ HOSTED_DOMAIN: 'flowin.shop', DEFAULT_TENANT: 'alpin', PUBLIC_SCHEME: 'http', PUBLIC_PORT: 8080 }))).toBe('http://alpin.flowin.shop:8080')
    expect(shopOrigin({ id: 'alpin' }, originSettings({ HOSTED_DOMAIN: 'localhost', DEFAULT_TENANT: 'alpin', PORT: 3000, PUBLIC_SCHEME: 'https', PUBLIC_PORT: 443 }))).toBe('https://localhost')
    expect(shopOrigin({ id: 'alpin' }, originSettings({ HOSTED_DOMAIN: 'localhost', DEFAULT_TENANT: 'alpin', PUBLIC_PORT: 80 }))).toBe('http://localhost')
  })

  it('without the shops table, follows only the parsed host, never the raw header', () => {
    expect(originForHost('127.0.0.1:9999', local)).toBe('http://localhost:4173')
    expect(originForHost('atelier.localhost:1', local)).toBe('http://atelier.localhost:4173')
    expect(originForHost('www.alpin.ch', hosted)).toBe('https://www.alpin.ch')
    expect(originForHost('[::1]:4650@evil.example', local)).toBeNull()
    expect(originForHost('evil.example#.localhost', local)).toBeNull()
  })
})

describe('isSecureRequest', () => {
  const request = (url: string, proto?: string) => new Request(url, { headers: proto ? { 'x-forwarded-proto': proto } : {} })
  it('trusts the request URL, and X-Forwarded-Proto only with TRUST_PROXY', () => {
    expect(isSecureRequest(request('https://alpin.flowin.shop/'), false)).toBe(true)
    expect(isSecureRequest(request('http://alpin.flowin.shop/'), false)).toBe(false)
    expect(isSecureRequest(request('http://alpin.flowin.shop/', 'https'), false)).toBe(false)
    expect(isSecureRequest(request('http://alpin.flowin.shop/', 'https'), true)).toBe(true)
    expect(isSecureRequest(request('http://alpin.flowin.shop/', 'https, http'), true)).toBe(true)
    expect(isSecureRequest(request('http://alpin.flowin.shop/', 'http'), true)).toBe(false)
    expect(isSecureRequest(request('http://alpin.flowin.shop/', 'https://evil.example'), true)).toBe(false)
  })
})
