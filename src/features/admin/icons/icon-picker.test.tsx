// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAdminClient } from '~/api/admin-client'
import type { Locale } from '~/lib/locale'
import { adminI18n, loadAdminMessages } from '../i18n'
import { IconField } from './icon-field'
import { nextIndex } from './icon-grid'
import axe from 'axe-core'

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="currentColor" d="M0 0h24v24H0z"/></svg>'
// Eight icons: a row of six (ICON_COLUMNS: jsdom lays nothing out, so the grid cannot count its rows) and a short row of two.
const NAMES = ['hiking', 'ski', 'ski-water', 'bike', 'horse', 'kayaking', 'sail-boat', 'tent'].map((n) => `mdi:${n}`)

beforeAll(() => {
  // jsdom has no modal dialogs: open and close as a browser does (its close event comes in a
  // task of its own), and Escape cancels the open one.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return
    this.open = false
    setTimeout(() => this.dispatchEvent(new Event('close')))
  }
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') document.querySelector<HTMLDialogElement>('dialog[open]')?.close()
  })
})
afterEach(cleanup)

/** The API: `searchIcons` answers the eight icons for any query, with `total` as the test says (0: none). */
function fakeApi(total = NAMES.length) {
  const calls: URL[] = []
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url)
    calls.push(url)
    const data = NAMES.slice(0, Math.min(total, NAMES.length)).map((name) => ({ name, svg: SVG }))
    return Response.json({ data, meta: { total } })
  })
  const api = createAdminClient({ baseUrl: 'http://alpin.shop.test', fetch, getLocale: () => 'en', xsrfToken: async () => undefined })
  return { api, calls }
}

async function renderField(options: { lang?: Locale; total?: number; value?: string } = {}) {
  const i18n = adminI18n(options.lang ?? 'en', await loadAdminMessages(options.lang ?? 'en'))
  const { api, calls } = fakeApi(options.total)
  const onChange = vi.fn()
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <IconField api={api} label="Tag icon" value={options.value} onChange={onChange} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { onChange, calls }
}

/** Opens the picker from its button (focused first, as a click would) and searches. */
async function search(button: string | RegExp, text: string) {
  const open = screen.getByRole('button', { name: button })
  open.focus()
  fireEvent.click(open)
  await act(async () => void (await Promise.resolve())) // the search field takes the focus in a microtask
  const field = screen.getByRole('textbox')
  expect(document.activeElement).toBe(field)
  fireEvent.change(field, { target: { value: text } })
  await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(NAMES.length))
  return field
}

const focused = () => document.activeElement?.getAttribute('aria-label')

describe('the icon picker', () => {
  it('moves the focus with the arrow keys, Home and End; Enter chooses and closes', async () => {
    const { onChange, calls } = await renderField({ value: 'mdi:ski' })
    const field = await search('Choose icon', '  hik ')
    expect(calls.at(-1)!.searchParams.get('q')).toBe('hik')
    expect(screen.getByRole('option', { name: 'ski' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('option', { name: 'hiking' }).getAttribute('aria-selected')).toBe('false')

    const audit = await axe.run(document.body)
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])

    // Into the results: the current icon has the Tab stop.
    fireEvent.keyDown(field, { key: 'ArrowDown' })
    expect(focused()).toBe('ski')
    const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key })
    press('ArrowRight')
    expect(focused()).toBe('ski water')
    press('ArrowDown') // no icon below: the short last row's last icon
    expect(focused()).toBe('tent')
    press('ArrowUp')
    expect(focused()).toBe('ski')
    press('Home')
    expect(focused()).toBe('hiking')
    press('ArrowLeft') // no wrapping
    expect(focused()).toBe('hiking')
    press('End')
    expect(focused()).toBe('tent')
    press('ArrowLeft')
    expect(focused()).toBe('sail boat')
    expect(document.activeElement!.getAttribute('tabindex')).toBe('0')
    expect(screen.getAllByRole('option').filter((o) => o.getAttribute('tabindex') === '0')).toHaveLength(1)

    press('Enter')
    expect(onChange).toHaveBeenCalledExactlyOnceWith('mdi:sail-boat')
    expect(screen.getByTestId('icon-picker').hasAttribute('open')).toBe(false)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose icon' })))
  })

  it('closes on Escape without a change; a click chooses too; "Remove icon" clears it', async () => {
    const { onChange } = await renderField({ value: 'mdi:ski' })
    const field = await search('Choose icon', 'ski')
    fireEvent.keyDown(field, { key: 'ArrowDown' })
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.getByTestId('icon-picker').hasAttribute('open')).toBe(false)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose icon' })))
    expect(onChange).not.toHaveBeenCalled()

    await search('Choose icon', 'horse')
    fireEvent.click(screen.getByRole('option', { name: 'horse' }))
    expect(onChange).toHaveBeenCalledExactlyOnceWith('mdi:horse')

    fireEvent.click(screen.getByRole('button', { name: 'Remove icon' }))
    expect(onChange).toHaveBeenLastCalledWith(undefined)
  })

  it.each([
    ['de', 1, '1 Symbol gefunden'],
    ['de', 12, '12 Symbole gefunden'],
    ['fr', 1, '1 icône trouvée'],
    ['fr', 12, '12 icônes trouvées'],
    ['en', 12, '12 icons found'],
  ] as const)('announces the count politely (%s, %i)', async (lang, total, text) => {
    await renderField({ lang, total })
    const open = screen.getByRole('button', { name: lang === 'de' ? 'Symbol wählen' : lang === 'fr' ? 'Choisir une icône' : 'Choose icon' })
    open.focus()
    fireEvent.click(open)
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'ski' } })
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(text))
  })

  it('says so when nothing matches', async () => {
    await renderField({ total: 0 })
    fireEvent.click(screen.getByRole('button', { name: 'Choose icon' }))
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'zebra' } })
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No icons match “zebra”. Try another word, in English.'))
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})

describe('nextIndex (6 a row, 8 icons)', () => {
  it('moves by one and by a row, never out of the list', () => {
    expect([nextIndex('ArrowRight', 7, 8, 6), nextIndex('ArrowLeft', 0, 8, 6)]).toEqual([7, 0])
    expect([nextIndex('ArrowDown', 0, 8, 6), nextIndex('ArrowDown', 6, 8, 6), nextIndex('ArrowUp', 3, 8, 6)]).toEqual([6, 6, 3])
    expect([nextIndex('Home', 5, 8, 6), nextIndex('End', 0, 8, 6), nextIndex('a', 0, 8, 6)]).toEqual([0, 7, null])
  })
})
