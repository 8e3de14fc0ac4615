import { describe, expect, it } from 'vitest'
import { effectiveLocale, negotiateLocale, pickLabel } from './locale'

describe('locale rules', () => {
  it('falls back to the first configured language, or de when the list is empty', () => {
    expect(effectiveLocale('en', ['fr', 'de'])).toBe('fr')
    expect(effectiveLocale('de', ['fr', 'de'])).toBe('de')
    expect(effectiveLocale('en', [])).toBe('de')
    expect(effectiveLocale('fr', ['xx'])).toBe('de')
    expect(effectiveLocale('xx', [])).toBe('de')
    // no shop configuration at all (an unknown host): the language of the path, else de
    expect(effectiveLocale('fr', undefined)).toBe('fr')
    expect(effectiveLocale('xx', undefined)).toBe('de')
    expect(effectiveLocale(undefined, ['en'])).toBe('en')
  })

  it('chooses labels: current locale, else first non-empty, else empty', () => {
    expect(pickLabel({ de: 'Hallo', en: 'Hello' }, 'en')).toBe('Hello')
    expect(pickLabel({ de: 'Hallo', en: '' }, 'en')).toBe('Hallo')
    expect(pickLabel({ fr: 'Salut' }, 'de')).toBe('Salut')
    expect(pickLabel({}, 'de')).toBe('')
    expect(pickLabel(undefined, 'de')).toBe('')
  })

  it('negotiates / from cookie, then Accept-Language, then the first language', () => {
    expect(negotiateLocale('fr', 'en-GB,en;q=0.9', ['de', 'en', 'fr'])).toBe('fr')
    expect(negotiateLocale(undefined, 'en-GB,en;q=0.9,de;q=0.8', ['de', 'en', 'fr'])).toBe('en')
    expect(negotiateLocale(undefined, 'it-CH, fr-CH;q=0.7, de;q=0.9', ['de', 'en', 'fr'])).toBe('de')
    expect(negotiateLocale('en', 'en', ['fr', 'de'])).toBe('fr')
    expect(negotiateLocale(undefined, null, ['fr', 'de'])).toBe('fr')
    expect(negotiateLocale('xx', 'xx', [])).toBe('de')
  })
})
