import { describe, expect, it } from 'vitest'
import { unstorableText, wellFormedText } from './text'

describe('texts that can be stored', () => {
  it('refuses lone surrogates and control characters, keeps pairs and (in multi-line texts) line breaks', () => {
    expect(unstorableText('Zoé 😀')).toBe(false)
    expect(unstorableText('a\ud800b')).toBe(true)
    expect(unstorableText('\udc00')).toBe(true)
    expect(unstorableText('line\nbreak')).toBe(true)
    expect(unstorableText('line\nbreak', true)).toBe(false)
    expect(unstorableText('bell\u0007', true)).toBe(true)
  })

  it('replaces lone surrogates by U+FFFD, every one of them', () => {
    expect(wellFormedText('a\ud800b\udc00c😀')).toBe('a\ufffdb\ufffdc😀')
  })
})
