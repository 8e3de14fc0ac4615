import { describe, expect, it } from 'vitest'
import { hashPassword, passwordErrors, passwordHashParams, verifyPassword } from './passwords'

describe('staff passwords', () => {
  it('hashes at OWASP scrypt parameters with a salt per password, and verifies', async () => {
    // The production cost (this suite never calls useFastPasswordHashing).
    expect(passwordHashParams()).toEqual({ N: 2 ** 17, r: 8, p: 1 })
    const a = await hashPassword('Correct horse 1')
    const b = await hashPassword('Correct horse 1')
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain('Correct')
    expect(await verifyPassword('Correct horse 1', a)).toBe(true)
    expect(await verifyPassword('correct horse 1', a)).toBe(false)
    expect(await verifyPassword('Correct horse 1', null)).toBe(false)
    expect(await verifyPassword('Correct horse 1', 'md5$abc')).toBe(false)
  }, 30_000)

  it('checks the rules: 8 characters, a lowercase and an uppercase letter, the same confirmation', () => {
    expect(passwordErrors('Abcdefgh', 'Abcdefgh')).toEqual({})
    expect(passwordErrors('Äbcdéfgh', 'Äbcdéfgh')).toEqual({})
    expect(passwordErrors('Abcdefg', 'Abcdefg')).toEqual({ password: { code: 'password.too_short', params: { minimum: 8 } } })
    expect(passwordErrors('ABCDEFGH', 'ABCDEFGH')).toEqual({ password: { code: 'password.lowercase' } })
    expect(passwordErrors('abcdefgh', 'abcdefgh')).toEqual({ password: { code: 'password.uppercase' } })
    expect(passwordErrors('Abcdefgh', 'Abcdefgx')).toEqual({ passwordConfirmation: { code: 'password.mismatch' } })
    // Characters, not UTF-16 units: 4 emoji are 4 characters.
    expect(passwordErrors('aB😀😀😀😀', 'aB😀😀😀😀').password?.code).toBe('password.too_short')
  })
})
