import { describe, expect, it } from 'vitest'
import { navigationFor } from '../navigation'

const infoPaths = (role: 'owner' | 'manager' | 'guide') => navigationFor(role).find((g) => g.id === 'info')?.entries.map((e) => e.path)

describe('the "Further information" group', () => {
  it('gives every role about and help, managers and owners the widgets and the API reference too', () => {
    expect(infoPaths('guide')).toEqual(['/info'])
    expect(infoPaths('manager')).toEqual(['/info/widgets', '/info/api', '/info'])
    expect(infoPaths('owner')).toEqual(['/info/widgets', '/info/api', '/info'])
  })

  it('marks about and help current on its own path only (its pages below it have entries of their own)', () => {
    const entries = navigationFor('owner').find((g) => g.id === 'info')!.entries
    expect(entries.filter((e) => e.exact).map((e) => e.path)).toEqual(['/info'])
  })
})
