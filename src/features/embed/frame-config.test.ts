import { describe, expect, it } from 'vitest'
import { contrast, embedSearchOf, frameStyle, hexToRgb, isFrameMode, onAccent, parseEmbedSearch, parseOrigin } from './frame-config'

describe('frame configuration', () => {
  it('keeps well-formed values', () => {
    expect(parseEmbedSearch({ accent: '#0A6E4F', font: 'serif', radius: '8', hide: 'images,header,images', origin: 'https://www.example.ch', widget: 'fw2', path: '/de/aktivitäten/'.replace('ä', '%C3%A4') })).toEqual({
      accent: '#0a6e4f',
      font: 'serif',
      radius: 8,
      hide: ['images', 'header'],
      origin: 'https://www.example.ch',
      widget: 'fw2',
      path: '/de/aktivit%C3%A4ten/',
    })
  })

  it('drops hostile or malformed values instead of passing them to CSS or postMessage', () => {
    const parsed = parseEmbedSearch({
      accent: 'red;}body{display:none',
      font: 'Comic Sans',
      radius: '99',
      hide: 'everything,<script>',
      origin: 'javascript:alert(1)',
      widget: '"><img>',
      path: '/page?user=anna#x',
    })
    expect(parsed).toEqual({})
    expect(parseEmbedSearch({ accent: '#12345', radius: '-1', font: 'constructor' })).toEqual({})
    expect(parseEmbedSearch({ accent: ['#000000'], origin: 'https://a.ch/path' })).toEqual({})
  })

  it('accepts only bare origins', () => {
    expect(parseOrigin('http://127.0.0.1:4174')).toBe('http://127.0.0.1:4174')
    expect(parseOrigin('https://example.ch/')).toBeUndefined()
    expect(parseOrigin('https://user@example.ch')).toBeUndefined()
    expect(parseOrigin('*')).toBeUndefined()
    expect(parseOrigin('null')).toBeUndefined()
  })

  it('is frame mode once anything is configured', () => {
    expect(isFrameMode({})).toBe(false)
    expect(isFrameMode({ radius: 0 })).toBe(true)
    expect(isFrameMode({ hide: ['images'] })).toBe(true)
  })

  it('picks black or white text on the accent for contrast', () => {
    for (const hex of ['#ffff00', '#0a6e4f', '#000000', '#ffffff', '#777777', '#e11d48']) {
      const fg = onAccent(hex)
      const other: [number, number, number] = fg[0] === 0 ? [255, 255, 255] : [0, 0, 0]
      expect(contrast(hexToRgb(hex), fg)).toBeGreaterThanOrEqual(contrast(hexToRgb(hex), other))
    }
    expect(onAccent('#ffff00')).toEqual([0, 0, 0])
    expect(onAccent('#0a3d62')).toEqual([255, 255, 255])
  })

  it('turns the configuration into CSS variables only from validated values', () => {
    expect(frameStyle({ accent: '#0a6e4f', font: 'mono', radius: 4 })).toMatchObject({
      '--color-primary': 'rgb(10 110 79)',
      '--color-on-primary': 'rgb(255 255 255)',
      '--radius-md': '4px',
      fontFamily: expect.stringContaining('monospace'),
    })
    expect(frameStyle({ accent: 'red;}' } as never)).toEqual({})
    expect(frameStyle({ radius: 1000 } as never)).toEqual({})
  })

  it('carries the configuration along in links, as the URL has it', () => {
    expect(embedSearchOf({ accent: '#000000', hide: ['images', 'header'], widget: 'fw1' })).toEqual({ accent: '#000000', hide: ['images', 'header'], widget: 'fw1' })
    expect(parseEmbedSearch({ hide: ['header', 'nope'] })).toEqual({ hide: ['header'] })
  })
})
