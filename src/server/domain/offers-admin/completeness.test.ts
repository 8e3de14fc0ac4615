import { describe, expect, it } from 'vitest'
import { completenessOf } from './completeness'

const complete = { de: 'D', en: 'E', fr: 'F' }

describe('completenessOf', () => {
  it('finds nothing missing when every text exists in every language', () => {
    const result = completenessOf({ title: complete, intro: complete, description: complete, variants: [{ title: complete }], extras: [{ title: complete }], images: [{ alt: complete }] })
    expect(result).toEqual({ de: [], en: [], fr: [] })
  })

  it('names per language what is missing, treating blank text and empty markup as missing', () => {
    const result = completenessOf({
      title: { de: 'Titel', en: '  ' },
      intro: { de: 'Intro', en: 'Intro', fr: 'Intro' },
      description: { de: '<p>Text</p>', en: '<p></p>', fr: '<p>Texte</p>' },
      variants: [{ title: complete }, { title: { de: 'Kind' } }],
      extras: [],
      images: [{ alt: { fr: 'Photo' } }],
    })
    expect(result.de).toEqual(['imageAlts'])
    expect(result.en).toEqual(['title', 'description', 'variants', 'imageAlts'])
    expect(result.fr).toEqual(['title', 'variants'])
  })

  it('does not ask for titles of extras or alt texts of images the offer does not have', () => {
    const result = completenessOf({ title: complete, intro: complete, description: complete, variants: [], extras: [], images: [] })
    expect(result.en).toEqual([])
  })
})
