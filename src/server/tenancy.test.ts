import { describe, expect, it } from 'vitest'
import { normaliseHost, resolveHost } from './tenancy'

describe('resolveHost', () => {
  const hosted = 'flowin.shop'
  it.each([
    ['localhost', { kind: 'default' }],
    ['localhost:3000', { kind: 'default' }],
    ['127.0.0.1:3000', { kind: 'default' }],
    ['[::1]:3000', { kind: 'default' }],
    ['alpin.flowin.shop', { kind: 'hosted', slug: 'alpin' }],
    ['ALPIN.Flowin.Shop.', { kind: 'hosted', slug: 'alpin' }],
    ['www.alpin.flowin.shop', { kind: 'hosted', slug: 'alpin' }],
    ['atelier.localhost:3000', { kind: 'hosted', slug: 'atelier' }],
    ['shop.example.com', { kind: 'custom', domain: 'shop.example.com' }],
    ['example.com', { kind: 'custom', domain: 'example.com' }],
  ])('%s', (host, expected) => {
    expect(resolveHost(host, hosted)).toEqual(expected)
  })

  it.each([
    'a.b.c.d.flowin.shop', // 5 labels under the hosted suffix
    'a.b.c.d.localhost',
    'a.shop.example.com', // 4 labels elsewhere
    'bad_label.example.com',
    '-x.example.com',
    'example.com:http',
    '',
  ])("%s is 'Invalid host'", (host) => {
    expect(resolveHost(host, hosted)).toEqual({ kind: 'invalid' })
  })

  it('counts all labels, the suffix included (at most 4 under the hosted domain)', () => {
    expect(resolveHost('alpin.shops.example.org', 'shops.example.org')).toEqual({ kind: 'hosted', slug: 'alpin' })
    expect(resolveHost('x.alpin.shops.example.org', 'shops.example.org')).toEqual({ kind: 'invalid' })
  })

  it('normalises hosts', () => {
    expect(normaliseHost('Shop.Example.COM:8080')).toBe('shop.example.com')
    expect(normaliseHost(null)).toBeNull()
    expect(normaliseHost('x'.repeat(300))).toBeNull()
  })
})

describe('strict Host parsing: a header a URL parser would read otherwise is invalid', () => {
  it.each([
    '[::1]:4650@evil.example', // user-info: new URL() takes evil.example as the host
    '[::1]evil',
    '[::1]:',
    '[::1]:80:81',
    '[evil.example]',
    'localhost@evil.example',
    'user:pass@localhost',
    'evil.example#.localhost',
    'evil.example/.localhost',
    'evil.example?.localhost',
    'evil.example\\.localhost',
    'a b.localhost',
    'localhost:80:81',
    'localhost:',
    'localhost:99999',
    ':3000',
    'localhost%40evil.example',
    'evil.example%2f.localhost',
    '%6c%6f%63%61%6c%68%6f%73%74',
    'local\thost',
  ])("%s is 'Invalid host'", (host) => {
    expect(resolveHost(host, 'flowin.shop')).toEqual({ kind: 'invalid' })
    expect(normaliseHost(host)).toBeNull()
  })

  it('still takes well-formed authorities', () => {
    expect(normaliseHost('[::1]:4650')).toBe('[::1]')
    expect(normaliseHost('[::1]')).toBe('[::1]')
    expect(normaliseHost('localhost:65535')).toBe('localhost')
    expect(resolveHost('atelier.localhost:4173', 'flowin.shop')).toEqual({ kind: 'hosted', slug: 'atelier' })
  })
})
