// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import axe from 'axe-core'
import { createAdminClient } from '~/api/admin-client'
import { adminI18n, loadAdminMessages } from '../i18n'
import { CalendarFeedSection } from './calendar-feed'

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false
  }
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })
})

const ORIGIN = 'https://alpin.example.ch'
const addressOf = (generation: number) => {
  const url = `${ORIGIN}/api/admin/v1/calendar/zora-0000000000000/${String(generation).repeat(43)}.ics`
  return { active: true, url, webcalUrl: url.replace(/^https:/, 'webcal:') }
}

/** The feed's two operations as the server answers them: a feed of generation `start` (0: none yet). */
function fakeApi(start: number) {
  let generation = start
  const posts: Request[] = []
  const fetch = vi.fn(async (request: Request) => {
    if (request.method === 'POST') {
      posts.push(request)
      generation += 1
    }
    return Response.json({ data: generation ? addressOf(generation) : { active: false, url: null, webcalUrl: null } })
  })
  const api = createAdminClient({ baseUrl: ORIGIN, fetch, getLocale: () => 'en', xsrfToken: async () => 'token' })
  return { api, posts }
}

async function renderSection(start: number) {
  const { api, posts } = fakeApi(start)
  const i18n = adminI18n('en', await loadAdminMessages('en'))
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <main>
          <CalendarFeedSection api={api} />
        </main>
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { posts }
}

const violations = async () => (await axe.run(document.body)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)
const status = () => screen.getByRole('status')
const addressField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Your calendar address' })

describe('the calendar subscription of the profile', () => {
  it('before the first address: explains it and offers only to create one; then shows the address and moves the focus to it', async () => {
    const { posts } = await renderSection(0)
    const section = screen.getByRole('region', { name: 'Calendar subscription' })
    expect(within(section).getByText(/Subscribe to the dates you are assigned to in your calendar app/)).toBeTruthy()
    const create = await screen.findByRole('button', { name: 'Create calendar address' })
    expect(within(section).getAllByRole('button')).toHaveLength(1)
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
    expect(await violations()).toEqual([])

    fireEvent.click(create)
    await waitFor(() => expect(addressField().value).toBe(addressOf(1).url))
    expect(posts).toHaveLength(1)
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy()
    expect(addressField().readOnly).toBe(true)
    expect(document.activeElement).toBe(addressField())
    expect(status().textContent).toBe('Your calendar address was created.')
    expect(screen.getByRole('link', { name: 'Subscribe in calendar app' }).getAttribute('href')).toBe(addressOf(1).webcalUrl)
    expect(screen.queryByRole('button', { name: 'Create calendar address' })).toBeNull()
    expect(await violations()).toEqual([])
  })

  it('copies the address and says so, visibly and to screen readers', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await renderSection(3)
    fireEvent.click(await screen.findByRole('button', { name: 'Copy address' }))
    await waitFor(() => expect(status().textContent).toBe('Copied'))
    expect(writeText).toHaveBeenCalledWith(addressOf(3).url)
  })

  it('when the browser refuses the clipboard: selects the address for copying by hand and says how', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))) }, configurable: true })
    await renderSection(3)
    fireEvent.click(await screen.findByRole('button', { name: 'Copy address' }))
    await waitFor(() => expect(status().textContent).toMatch(/did not allow copying. The address is selected/))
    const field = addressField()
    expect(document.activeElement).toBe(field)
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length])
  })

  it('without a clipboard at all (an insecure origin): the same fallback', async () => {
    await renderSection(3)
    fireEvent.click(await screen.findByRole('button', { name: 'Copy address' }))
    await waitFor(() => expect(status().textContent).toMatch(/did not allow copying/))
    expect(document.activeElement).toBe(addressField())
  })

  it('creates a new address only after a confirmation saying that the old one stops working at once', async () => {
    const { posts } = await renderSection(2)
    const renewButton = await screen.findByRole('button', { name: 'Create a new address' })
    fireEvent.click(renewButton)
    const dialog = screen.getByRole('dialog', { name: 'Create a new calendar address?' })
    expect(within(dialog).getByText(/The current address stops working at once/)).toBeTruthy()
    expect(await violations()).toEqual([])
    // Changing one's mind sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the current address' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(posts).toHaveLength(0)
    expect(addressField().value).toBe(addressOf(2).url)

    fireEvent.click(renewButton)
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create new address' }))
    await waitFor(() => expect(addressField().value).toBe(addressOf(3).url))
    expect(posts).toHaveLength(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(status().textContent).toMatch(/A new calendar address was created. The old address no longer works/)
    expect(screen.getByRole('link', { name: 'Subscribe in calendar app' }).getAttribute('href')).toBe(addressOf(3).webcalUrl)
    expect(await violations()).toEqual([])
  })
})
