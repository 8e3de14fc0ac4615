import { describe, expect, it } from 'vitest'
import { afterSignIn, isSafeAdminRedirect } from './redirect'

describe('the redirect after signing in', () => {
  it.each([
    '/de/admin',
    '/de/admin/',
    '/en/admin/staff',
    '/fr/admin/profile',
    '/de/admin/info/widgets',
    '/de/admin/staff?tab=invited',
  ])('accepts the staff app path %s', (path) => {
    expect(isSafeAdminRedirect(path)).toBe(true)
    expect(afterSignIn(path, 'de')).toBe(path)
  })

  it.each([
    undefined,
    null,
    42,
    '',
    'admin',
    'https://evil.example/de/admin',
    '//evil.example/de/admin',
    '/\\evil.example/de/admin',
    '\\\\evil.example',
    '/de/admin\\..\\..\\evil',
    'javascript:alert(1)',
    '/de/admin/%2F%2Fevil.example',
    '/de/admin/%2e%2e/checkout',
    '/de/admin/..',
    '/de/admin/../checkout/x',
    '/de/admin/./staff',
    '/de/admin//evil.example',
    '/de/admin/staff#x',
    '/de/admin/staff\n',
    '/de/admin/\u0000',
    '/it/admin',
    '/de/administrator',
    '/de/checkout/abc',
    '/de/admin/sign-in',
    '/de/admin/sign-in?redirect=/de/admin',
    ' /de/admin',
    `/de/admin/${'a'.repeat(600)}`,
  ])('refuses %j and goes to the start page', (value) => {
    expect(isSafeAdminRedirect(value)).toBe(false)
    expect(afterSignIn(value, 'fr')).toBe('/fr/admin')
  })
})
