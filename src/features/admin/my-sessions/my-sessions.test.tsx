// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAdminClient } from '~/api/admin-client'
import type { MySessions } from '~/api/admin-my-sessions.queries'
import { adminI18n, loadAdminMessages } from '../i18n'
import { MySessionsPage } from './my-sessions-page'
import { readOfflineCopy, saveOfflineCopy } from './storage'

const LEA = 'staff-lea-0000000001'
const text = (element: Element) => element.textContent?.replace(/\s+/g, ' ').trim()

/** Two days of Zurich in March 2026: a canyon with two bookings (one without names), a private booking (a request), a cancelled hike. */
const ANSWER: MySessions = {
  timeZone: 'Europe/Zurich',
  from: '2026-03-09T20:00:00.000Z',
  until: '2026-03-24T08:00:00.000Z',
  truncated: false,
  sessions: [
    {
      kind: 'session',
      id: 'session-canyon-00001',
      offerId: 'offer-canyon-0000001',
      offerTitle: 'Canyoning',
      startsAt: '2026-03-10T08:00:00.000Z',
      endsAt: '2026-03-10T11:30:00.000Z',
      status: 'scheduled',
      location: 'Saxeten, 3800 Interlaken',
      meetingPoint: 'Wilderswil station',
      capacity: 12,
      placesTaken: 5,
      participants: 5,
      otherGuides: ['Marco Rossi'],
      extras: [
        { title: 'Lunch', quantity: 2 },
        { title: 'Photos', quantity: 1 },
      ],
      bookings: [
        { code: 'AMS1-0001', booker: { firstname: 'Beat', surname: 'Amsler', company: 'Amsler AG', phone: '+41 31 555 66 77' }, places: 3, participants: [{ firstname: '', surname: '', extras: [] }] },
        {
          code: 'ZUR1-0001',
          booker: { firstname: 'Anna', surname: 'Zürcher', phone: '+41 79 111 22 33' },
          places: 2,
          participants: [
            { firstname: 'Chloé', surname: 'Zürcher', skuTitle: 'Adult', extras: [{ title: 'Lunch', quantity: 1 }, { title: 'Photos', quantity: 1 }] },
            { firstname: 'Noah', surname: 'Zürcher', skuTitle: 'Child', extras: [{ title: 'Lunch', quantity: 2 }] },
          ],
        },
      ],
    },
    {
      kind: 'booking',
      id: 'item-private-0000001',
      offerId: 'offer-guide-00000001',
      offerTitle: 'Private guide – Half day',
      bookingCode: 'KEL1-0001',
      bookingStatus: 'REQUESTED',
      startsAt: '2026-03-10T13:00:00.000Z',
      endsAt: '2026-03-10T16:00:00.000Z',
      status: 'scheduled',
      meetingPoint: 'Hotel Victoria',
      capacity: 1,
      placesTaken: 1,
      participants: 2,
      otherGuides: [],
      extras: [{ title: 'Lunch', quantity: 1 }],
      bookings: [
        {
          code: 'KEL1-0001',
          booker: { firstname: 'Urs', surname: 'Keller', phone: '+41 78 222 33 44' },
          places: 2,
          participants: [
            { firstname: 'Urs', surname: 'Keller', skuTitle: 'Half day', extras: [{ title: 'Lunch', quantity: 1 }] },
            { firstname: 'Eva', surname: 'Keller', skuTitle: 'Half day', extras: [] },
          ],
        },
      ],
    },
    {
      kind: 'session',
      id: 'session-hike-0000001',
      offerId: 'offer-hike-00000001',
      offerTitle: 'Glacier hike',
      startsAt: '2026-03-12T17:00:00.000Z',
      endsAt: '2026-03-12T19:00:00.000Z',
      status: 'cancelled',
      capacity: 8,
      placesTaken: 0,
      participants: 0,
      otherGuides: [],
      extras: [],
      bookings: [],
    },
  ],
}
const EMPTY: MySessions = { ...ANSWER, sessions: [] }

/** The staff API answering `answer`, or failing as a lost network does (fetch rejects). */
function fakeApi(first: MySessions | 'offline' | 'error') {
  let answer = first
  const fetch = vi.fn(async (request: Request) => {
    expect(new URL(request.url).pathname).toBe('/api/admin/v1/me/assigned-sessions')
    if (answer === 'offline') throw new TypeError('Failed to fetch')
    if (answer === 'error') return Response.json({ statusCode: 500, statusMessage: 'x', message: 'x', data: {} }, { status: 500 })
    return Response.json({ data: answer })
  })
  const api = createAdminClient({ baseUrl: 'http://alpin.shop.test', fetch, getLocale: () => 'en', xsrfToken: async () => undefined })
  return { api, fetch, answerNext: (next: typeof answer) => (answer = next) }
}

async function renderPage(answer: MySessions | 'offline' | 'error', staffId = LEA) {
  const i18n = adminI18n('en', await loadAdminMessages('en'))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const { api, fetch, answerNext } = fakeApi(answer)
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <main>
          <h1>My sessions</h1>
          <MySessionsPage api={api} lang="en" staffId={staffId} />
        </main>
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { fetch, answerNext, queryClient }
}

const violations = async () => (await axe.run(document.body)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)

beforeEach(() => window.localStorage.clear())
afterEach(cleanup)

describe('My sessions', () => {
  it('shows each day’s dates as cards with the participants, extras and call links; keeps the answer for offline; axe finds nothing', async () => {
    await renderPage(ANSWER)
    const cards = await screen.findAllByTestId('my-session')
    expect(cards.map((c) => c.dataset.session)).toEqual(['session-canyon-00001', 'item-private-0000001', 'session-hike-0000001'])
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Tuesday, 10 March 2026', 'Thursday, 12 March 2026'])

    const canyon = within(cards[0]!)
    expect(canyon.getByRole('heading', { level: 3 }).textContent).toBe('09:00–12:30 Canyoning')
    expect(text(cards[0]!)).toContain('Meeting point: Wilderswil station')
    expect(text(cards[0]!)).toContain('Place: Saxeten, 3800 Interlaken')
    expect(text(cards[0]!)).toContain('Places: 5 of 12 taken')
    expect(text(cards[0]!)).toContain('Other guides: Marco Rossi')
    expect(text(cards[0]!)).toContain('Extras: 2× Lunch, Photos')
    // The first date's participants are open; the list names the bookings.
    expect(cards[0]!.querySelector('details')!.open).toBe(true)
    expect(canyon.getByText('5 participants')).toBeTruthy()
    const bookings = within(canyon.getByRole('list', { name: 'Bookings of Canyoning 09:00' })).getAllByTestId('my-session-booking')
    expect(text(bookings[0]!)).toContain('Beat Amsler (Amsler AG) · AMS1-0001 · 3 places')
    expect(text(bookings[0]!)).toContain('3 places without a name')
    expect(text(bookings[1]!)).toContain('Chloé Zürcher · Adult')
    expect(text(bookings[1]!)).toContain('Extras: Lunch, Photos')
    expect(text(bookings[1]!)).toContain('Noah Zürcher · Child')
    expect(text(bookings[1]!)).toContain('Extras: 2× Lunch')
    const call = within(bookings[1]!).getByRole('link', { name: 'Call Anna Zürcher: +41 79 111 22 33' })
    expect(call.getAttribute('href')).toBe('tel:+41791112233')
    expect(within(bookings[0]!).getByRole('link', { name: /^Call Beat Amsler/ }).getAttribute('href')).toBe('tel:+41315556677')

    // A date is not labelled; the private booking is, with its booker to call, and says it is a request.
    expect(canyon.queryByTestId('my-session-kind')).toBeNull()
    const own = within(cards[1]!)
    expect(own.getByRole('heading', { level: 3 }).textContent).toBe('14:00–17:00 Private guide – Half day')
    expect(own.getByTestId('my-session-kind').textContent).toBe('Private booking · request not answered yet')
    expect(text(cards[1]!)).toContain('Meeting point: Hotel Victoria')
    expect(text(cards[1]!)).not.toContain('Places:')
    expect(text(cards[1]!)).toContain('Extras: Lunch')
    expect(cards[1]!.querySelector('details')!.open).toBe(false)
    expect(own.getByText('2 participants')).toBeTruthy()
    const privateBooking = own.getByTestId('my-session-booking')
    expect(text(privateBooking)).toContain('Urs Keller · KEL1-0001 · 2 places')
    expect(text(privateBooking)).toContain('Eva Keller · Half day')
    expect(within(privateBooking).getByRole('link', { name: 'Call Urs Keller: +41 78 222 33 44' }).getAttribute('href')).toBe('tel:+41782223344')

    const hike = within(cards[2]!)
    expect(hike.getByTestId('my-session-cancelled').textContent).toContain('Cancelled: this date does not take place.')
    expect(cards[2]!.querySelector('details')!.open).toBe(false)
    expect(text(cards[2]!)).toContain('Other guides: none')
    expect(hike.getByText('No bookings.')).toBeTruthy()

    expect(screen.queryByTestId('my-sessions-offline')).toBeNull()
    expect(readOfflineCopy(LEA, 'en')?.data).toEqual(ANSWER)
    expect(await violations()).toEqual([])
  })

  it('shows the kept copy with the time it was loaded when the network is gone', async () => {
    saveOfflineCopy(LEA, 'en', ANSWER, new Date('2026-03-09T17:45:00Z'))
    const { fetch } = await renderPage('offline')
    const notice = await screen.findByTestId('my-sessions-offline')
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(within(notice).getByRole('status').textContent).toBe('Offline: shown as loaded on Mon, 9 March 2026 at 18:45')
    expect(within(notice).getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(screen.getAllByTestId('my-session')).toHaveLength(3)
    expect(screen.getByRole('link', { name: 'Call Anna Zürcher: +41 79 111 22 33' }).getAttribute('href')).toBe('tel:+41791112233')
    expect(await violations()).toEqual([])
  })

  it('shows a copy kept before private bookings were listed (no `kind`) as dates', async () => {
    const old = { ...ANSWER, sessions: [ANSWER.sessions[0]!].map(({ kind: _kind, ...rest }) => rest) } as unknown as MySessions
    saveOfflineCopy(LEA, 'en', old, new Date('2026-03-09T17:45:00Z'))
    await renderPage('offline')
    const [card] = await screen.findAllByTestId('my-session')
    expect(within(card!).getByRole('heading', { level: 3 }).textContent).toBe('09:00–12:30 Canyoning')
    expect(within(card!).queryByTestId('my-session-kind')).toBeNull()
    expect(text(card!)).toContain('Places: 5 of 12 taken')
  })

  it('keeps showing what it loaded when the network goes later, saying so', async () => {
    const { answerNext, queryClient } = await renderPage(ANSWER)
    await screen.findAllByTestId('my-session')
    answerNext('offline')
    await queryClient.refetchQueries()
    const notice = await screen.findByTestId('my-sessions-offline')
    expect(within(notice).getByRole('status').textContent).toMatch(/^Offline: shown as loaded on \w{3}, \d{1,2} \w+ \d{4} at \d{2}:\d{2}$/)
    expect(screen.getAllByTestId('my-session')).toHaveLength(3)
  })

  it('says so when offline without a copy, and never shows another member’s copy', async () => {
    saveOfflineCopy('staff-marco-00000001', 'en', ANSWER, new Date('2026-03-09T17:45:00Z'))
    await renderPage('offline')
    const notice = await screen.findByTestId('my-sessions-offline')
    expect(within(notice).getByRole('alert').textContent).toContain('You are offline, and this device has no copy of your sessions yet.')
    expect(screen.queryByTestId('my-session')).toBeNull()
    expect(await violations()).toEqual([])
  })

  it('shows a server error as an error, not the copy (the server was reached)', async () => {
    saveOfflineCopy(LEA, 'en', ANSWER, new Date('2026-03-09T17:45:00Z'))
    await renderPage('error')
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.queryByTestId('my-sessions-offline')).toBeNull()
    expect(screen.queryByTestId('my-session')).toBeNull()
  })

  it('says when nothing is assigned, and keeps that too', async () => {
    await renderPage(EMPTY)
    expect((await screen.findByTestId('my-sessions-empty')).textContent).toBe('You have no sessions in the next 14 days. They appear here once you are assigned to a date.')
    expect(readOfflineCopy(LEA, 'en')?.data.sessions).toEqual([])
    expect(await violations()).toEqual([])
  })
})
