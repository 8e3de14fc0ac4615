import { describe, expect, it } from 'vitest'
import { changedFields } from './diff'

describe('changedFields', () => {
  it('names the changed leaves by dotted path, with small values before and after', () => {
    const before = { labels: { title: { de: 'Alpin', en: 'Alpine' } }, theme: { colorPalette: { primary: { background: [1, 2, 3], foreground: [255, 255, 255] } } } }
    const after = { labels: { title: { de: 'Alpin', en: 'Alpine tours', fr: 'Alpin' } }, theme: { colorPalette: { primary: { background: [9, 2, 3], foreground: [255, 255, 255] } } } }
    expect(changedFields(before, after)).toEqual([
      { field: 'labels.title.en', before: 'Alpine', after: 'Alpine tours' },
      { field: 'labels.title.fr', after: 'Alpin' },
      { field: 'theme.colorPalette.primary.background', before: [1, 2, 3], after: [9, 2, 3] },
    ])
  })

  it('records a long text as changed without its content, and nothing when nothing changed', () => {
    const long = 'x'.repeat(500)
    expect(changedFields({ legal: { de: long } }, { legal: { de: `${long}!` } })).toEqual([{ field: 'legal.de' }])
    expect(changedFields({ a: { b: [1, 2] } }, { a: { b: [1, 2] } })).toEqual([])
    expect(changedFields({ a: { de: '' } }, { a: {} })).toEqual([])
    // jsonb gives keys back in its own order: the same tags are no change
    expect(changedFields({ tags: [{ slug: 'a', label: { de: 'A' } }] }, { tags: [{ label: { de: 'A' }, slug: 'a' }] })).toEqual([])
  })

  it('keeps at most 60 fields and says how many more changed', () => {
    const before = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${String(i).padStart(3, '0')}`, i]))
    const after = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${String(i).padStart(3, '0')}`, i + 1]))
    const changes = changedFields(before, after)
    expect(changes).toHaveLength(60)
    expect(changes.at(-1)).toEqual({ field: '…+41' })
  })
})
