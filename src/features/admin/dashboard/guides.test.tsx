// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import { adminI18n, loadAdminMessages } from '../i18n'
import { GuidesStaffing } from './guides'

afterEach(cleanup)

async function show(rows: { needed: number; assigned: number; cancelled?: boolean }[]) {
  const i18n = adminI18n('en', await loadAdminMessages('en'))
  const view = render(
    <I18nProvider i18n={i18n}>
      <main>
        <table>
          <caption>Sessions</caption>
          <thead>
            <tr>
              <th scope="col">Guides</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                <td>
                  <GuidesStaffing needed={row.needed} assigned={row.assigned} cancelled={row.cancelled ?? false} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </main>
    </I18nProvider>,
  )
  return view
}

describe('the guides of a dashboard date', () => {
  it('says in words when a date has no or not enough guides, and marks it beyond colour (axe clean)', async () => {
    const { container } = await show([
      { needed: 2, assigned: 0 },
      { needed: 2, assigned: 1 },
      { needed: 1, assigned: 1 },
      { needed: 3, assigned: 4 },
      { needed: 1, assigned: 0, cancelled: true },
    ])
    const cells = screen.getAllByTestId('dashboard-guides')
    expect(cells.map((c) => [c.textContent, c.dataset.understaffed])).toEqual([
      ['⚠No guide yet', 'true'],
      ['⚠1 of 2 guides', 'true'],
      ['1 of 1 guide', 'false'],
      ['4 of 3 guides', 'false'],
      ['–', 'false'],
    ])
    // The warning sign is decoration: the words say it.
    for (const cell of cells.slice(0, 2)) {
      expect(cell.tagName).toBe('STRONG')
      expect(cell.querySelector('[aria-hidden="true"]')?.textContent).toBe('⚠')
    }
    const results = await axe.run(container)
    expect(results.violations).toEqual([])
  })
})
