import { describe, expect, it } from 'vitest'
import { slugify, uniqueSlug } from './slug'

describe('tag slugs', () => {
  it('are made of lower-case letters, digits and single hyphens, accents removed', () => {
    expect(slugify('Gruppen & Firmen')).toBe('gruppen-firmen')
    expect(slugify('  Pâtisserie fine ')).toBe('patisserie-fine')
    expect(slugify('Über 18!')).toBe('uber-18')
    expect(slugify('<script>')).toBe('script')
    expect(slugify('x'.repeat(39) + ' y')).toBe('x'.repeat(39))
  })

  it('get a number when taken', () => {
    expect(uniqueSlug('snow', ['snow', 'snow-2'])).toBe('snow-3')
    expect(uniqueSlug('', [])).toBe('tag')
  })
})
