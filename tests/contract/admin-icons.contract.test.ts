import { afterAll, beforeAll, expect, it } from 'vitest'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { insertStaff, staffCalls } from '../support/staff'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
type Match = { name: string; svg: string }

describeEachDatabase('the icon picker search (openapi/admin.yaml searchIcons)', (factory) => {
  let app: TestApp
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let manager: string
  const search = (query: string, session = manager) => alpin.call('GET', `/icons${query}`, { session })
  const names = async (query: string) => ((await search(query)).body.data as Match[]).map((m) => m.name)

  beforeAll(async () => {
    app = await createTestApp(factory)
    await insertStaff(app, [
      { shopId: 'alpin', email: 'marco@alpin.example', name: 'Marco Rossi', role: 'manager' },
      { shopId: 'alpin', email: 'zora@alpin.example', name: 'Zora Zimmermann', role: 'guide' },
    ])
    alpin = await staffCalls(app, ALPIN)
    manager = await alpin.signIn('marco@alpin.example')
  })
  afterAll(() => app?.close())

  it('finds mdi:hiking for "hik", "hike" and "mdi:hiking", with its SVG and the total', async () => {
    const answer = await search('?q=hik')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const [first] = answer.body.data as Match[]
    expect(first!.name).toBe('mdi:hiking')
    expect(first!.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<path[^>]*fill="currentColor"/)
    expect(answer.body.meta.total).toBe(answer.body.data.length)
    expect(await names('?q=hike')).toContain('mdi:hiking')
    expect(await names(`?q=${encodeURIComponent('  mdi:hiking ')}`)).toEqual(['mdi:hiking'])
  })

  it('ranks the exact name, then names that start with the query, then names that contain it; words in any order', async () => {
    const ski = await names('?q=ski&limit=96')
    expect(ski[0]).toBe('mdi:ski')
    expect(ski.indexOf('mdi:ski-water')).toBeGreaterThan(0)
    expect(ski.indexOf('mdi:ski-water')).toBeLessThan(ski.indexOf('mdi:skip-next'))
    expect(ski.indexOf('mdi:skip-next')).toBeLessThan(ski.indexOf('mdi:transit-skip'))
    expect((await names('?q=water%20ski'))[0]).toBe('mdi:ski-water')
  })

  it('answers at most `limit` icons (48 by default) and the total of all matches', async () => {
    const all = await search('?q=arrow')
    expect(all.body.data).toHaveLength(48)
    expect(all.body.meta.total).toBeGreaterThan(96)
    const few = await search('?q=arrow&limit=3')
    expect(few.body.data.map((m: Match) => m.name)).toEqual(all.body.data.slice(0, 3).map((m: Match) => m.name))
    expect(few.body.meta.total).toBe(all.body.meta.total)
    expect((await search('?q=arrow&limit=96')).body.data).toHaveLength(96)
    expect(await names('?q=no-such-icon-anywhere')).toEqual([])
  })

  it('refuses a limit outside 1–96 and a query over 50 characters (400 with the field)', async () => {
    for (const [query, field, code] of [
      ['?q=ski&limit=0', 'limit', 'too_small'],
      ['?q=ski&limit=97', 'limit', 'too_big'],
      ['?q=ski&limit=ten', 'limit', 'invalid_type'],
      [`?q=${'a'.repeat(51)}`, 'q', 'too_big'],
    ] as const) {
      const answer = await search(query)
      expect(answer.status, query).toBe(400)
      expect(answer.body.data.code).toBe('validation')
      expect(Object.keys(answer.body.data.errors)).toEqual([field])
      expect(answer.body.data.errors[field].code).toBe(code)
    }
    expect((await search(`?q=${'a'.repeat(50)}`)).status).toBe(200)
  })

  it('is for managers and owners: a guide is refused (403), no session is 401', async () => {
    const guide = await alpin.signIn('zora@alpin.example')
    const refused = await search('?q=ski', guide)
    expect([refused.status, refused.body.data.code]).toEqual([403, 'auth.forbidden'])
    const anonymous = await alpin.call('GET', '/icons?q=ski')
    expect([anonymous.status, anonymous.body.data.code]).toEqual([401, 'auth.required'])
  })

  it('answers SVGs built from the installed set only: no script, no handler, no link, whatever the query', async () => {
    for (const query of ['<script>alert(1)</script>', '"><svg onload=alert(1)>', 'javascript:alert(1)', '', 'script']) {
      const answer = await search(`?q=${encodeURIComponent(query)}&limit=96`)
      expect(answer.status, query).toBe(200)
      for (const { name, svg } of answer.body.data as Match[]) {
        expect(name).toMatch(/^mdi:[a-z0-9-]+$/)
        expect(svg, name).not.toMatch(/<script|<foreignObject|\son[a-z]+\s*=|href|javascript:/i)
      }
    }
  })
})
