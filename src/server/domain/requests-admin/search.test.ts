import { describe, expect, it } from 'vitest'
import { asBookingCode, containsPattern, normaliseSearch } from './search'

describe('request search', () => {
  it('takes LIKE wildcards literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
    expect(containsPattern('Müller')).toBe('%Müller%')
  })
  it('trims and collapses white space', () => {
    expect(normaliseSearch('  Anna   Muster ')).toBe('Anna Muster')
    expect(normaliseSearch(undefined)).toBe('')
  })
  it('reads a code typed without dash or in lower case', () => {
    expect(asBookingCode('k7q2x9pm')).toBe('K7Q2-X9PM')
    expect(asBookingCode('K7Q2-X9PM')).toBe('K7Q2-X9PM')
    expect(asBookingCode('Anna')).toBeNull()
  })
})

describe('reply check', () => {
  it('refuses lone surrogates and control characters, keeping line breaks', async () => {
    const { replyProblem } = await import('./request')
    expect(replyProblem('Gern!\nBis bald.\r\n')).toBe(false)
    expect(replyProblem('Grüezi 👋')).toBe(false)
    expect(replyProblem('\ud800')).toBe(true)
    expect(replyProblem('a\u0007b')).toBe(true)
  })
})
