import { describe, expect, it } from 'vitest'
import { ICON_LIMIT_MAX, searchIcons } from './icon-search'

const names = (query: string, limit = 48) => searchIcons(query, limit).icons.map((i) => i.name)

describe('icon search (installed sets only)', () => {
  it('finds icons by the start of their name, by another form of the word, by alias and category', () => {
    expect(names('hik')[0]).toBe('mdi:hiking')
    expect(names('hike')).toContain('mdi:hiking')
    expect(names('human hiking')).toContain('mdi:hiking') // the set's alias human-hiking
    expect(names('sport', ICON_LIMIT_MAX)).toContain('mdi:soccer') // the category "Sport"
    expect(names('mdi:hiking')).toEqual(['mdi:hiking'])
  })

  it('ranks the exact name first, then names that start with the query, then names that contain it', () => {
    const ski = names('ski', ICON_LIMIT_MAX)
    expect(ski[0]).toBe('mdi:ski')
    expect(ski.indexOf('mdi:ski-water')).toBeLessThan(ski.indexOf('mdi:skip-next'))
    expect(ski.indexOf('mdi:skip-next')).toBeLessThan(ski.indexOf('mdi:transit-skip'))
  })

  it('takes the words in any order and all of them', () => {
    expect(names('water ski')[0]).toBe('mdi:ski-water')
    expect(names('ski water')[0]).toBe('mdi:ski-water')
    expect(names('outline account').slice(0, 3)).toContain('mdi:account-outline')
    expect(names('hiking zebra')).toEqual([])
  })

  it('answers at most `limit` icons with the total, each a plain SVG of the installed set', () => {
    const { total, icons } = searchIcons('arrow', 5)
    expect(icons).toHaveLength(5)
    expect(total).toBeGreaterThan(100)
    expect(searchIcons('arrow', 500).icons).toHaveLength(ICON_LIMIT_MAX)
    for (const icon of icons) {
      expect(icon.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox="0 0 24 24"/)
      expect(icon.svg).not.toMatch(/<script|\son[a-z]+=|href=/i)
    }
  })

  it('lists every visible icon for an empty query; nothing for another set, markup or letters it cannot hold', () => {
    expect(searchIcons('  ', 3).total).toBeGreaterThan(7000)
    expect(names('adob')).not.toContain('mdi:adobe') // deprecated (hidden): only by its exact name
    expect(names('mdi:adobe')[0]).toBe('mdi:adobe')
    for (const query of ['lucide:tent', '<>', 'é', '__proto__:x', 'constructor']) expect(searchIcons(query, 10).total, query).toBe(0)
  })
})
