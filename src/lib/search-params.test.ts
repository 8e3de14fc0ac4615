import { describe, expect, it } from 'vitest'
import { day, definedOnly, laterPage, matching, oneOf, someOf, text } from './search-params'

describe('search parameters', () => {
  it('takes only days that exist', () => {
    expect(day('2026-02-28')).toBe('2026-02-28')
    expect(day('2028-02-29')).toBe('2028-02-29')
    for (const wrong of ['2026-02-29', '2026-04-31', '2026-13-01', '2026-1-01', ' 2026-01-01', 20260101, null]) expect(day(wrong), String(wrong)).toBeUndefined()
  })

  it('takes one or several of the allowed values, dropping unknown ones and repeats', () => {
    expect(oneOf(['a', 'b'], 'b')).toBe('b')
    expect(oneOf(['a', 'b'], 'c')).toBeUndefined()
    expect(oneOf(['a', 'b'], ['a'])).toBeUndefined()
    expect(someOf(['a', 'b', 'c'], 'c,a,x,c')).toEqual(['c', 'a'])
    expect(someOf(['a', 'b'], ['b', 7, 'b'])).toEqual(['b'])
    expect(someOf(['a', 'b'], 'x,y')).toBeUndefined()
    expect(someOf(['a', 'b'], '')).toBeUndefined()
  })

  it('takes trimmed text up to its bound and page numbers after the first', () => {
    expect(text('  Muster ', 10)).toBe('Muster')
    expect(text('   ', 10)).toBeUndefined()
    expect(text('x'.repeat(11), 10)).toBeUndefined()
    expect(text(1234, 10)).toBe('1234')
    expect(laterPage('2')).toBe(2)
    expect(laterPage(3)).toBe(3)
    for (const wrong of ['1', '0', '-2', '2.5', '', ' ', 'abc', '10001', null]) expect(laterPage(wrong), String(wrong)).toBeUndefined()
    expect(laterPage('50000', 100_000)).toBe(50000)
    expect(matching('abc', /^[a-c]+$/)).toBe('abc')
    expect(matching('abd', /^[a-c]+$/)).toBeUndefined()
    expect(definedOnly({ a: 1, b: undefined, c: '' })).toEqual({ a: 1, c: '' })
  })
})
