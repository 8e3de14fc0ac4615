// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import axe from 'axe-core'
import { createAdminClient } from '~/api/admin-client'
import type { StaffBooking } from '~/api/admin-booking-detail.queries'
import { adminI18n, loadAdminMessages } from '../../i18n'
import { CancelDialog, PaymentDialog } from './dialogs'
import { useBookingActions } from './use-booking-actions'

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false
  }
})
afterEach(cleanup)

const BOOKING: StaffBooking = {
  code: 'K7Q2-X9PM',
  status: 'PAID',
  mode: 'order',
  locale: 'fr',
  createdAt: '2026-05-01T08:00:00.000Z',
  channel: 'shop',
  currency: 'CHF',
  paymentMethod: 'PAY_NOW',
  paymentState: 'partially_paid',
  onlinePayable: false,
  total: 22000,
  paid: 12000,
  refunded: 0,
  refundPending: 0,
  open: 10000,
  paymentLink: null,
  contact: {
    customerType: 'PRIVATE',
    firstname: 'Chloé',
    surname: 'Lefèvre',
    email: 'chloe@example.ch',
    phone: '+41799000000',
    address: { street: 'Rue du Lac', streetNumber: '1', postalCode: '1003', city: 'Lausanne', country: 'CH' },
    locale: 'fr',
  },
  items: [
    {
      id: 'item-under-test-0001',
      offerId: 'offer-under-test-001',
      offerTitle: 'Canyoning',
      skuTitle: 'Adult',
      sessionId: 'session-under-test-01',
      date: '2026-05-12',
      time: '09:30',
      endTime: '11:30',
      startsAt: '2026-05-12T07:30:00.000Z',
      endsAt: '2026-05-12T09:30:00.000Z',
      durationMinutes: 120,
      quantity: 2,
      places: 2,
      unitAmount: 10000,
      extrasAmount: 2000,
      total: 22000,
      participants: [
        { firstname: 'Chloé', surname: 'Lefèvre', extras: [{ key: 'lunch', title: 'Lunch' }] },
        { firstname: 'Luc', surname: 'Lefèvre', extras: [] },
      ],
    },
  ],
  payments: [
    { id: 'payment-under-test-01', provider: 'sandbox', method: null, amount: 12000, status: 'succeeded', source: 'checkout', refundDue: false, createdAt: '2026-05-01T08:01:00.000Z', recordedBy: null },
  ],
  refunds: [],
  emails: [],
  history: [],
  actions: { recordPayment: true, sendPaymentLink: false, resendConfirmation: true, editParticipants: true, cancel: true },
  version: 3,
}

const problem = (status: number, data: Record<string, unknown>) => Response.json({ statusCode: status, statusMessage: 'x', message: 'x', data }, { status })

function fakeApi(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = []
  const fetch = vi.fn(async (request: Request) => {
    const body = request.method === 'GET' ? {} : ((await request.json()) as Record<string, unknown>)
    bodies.push(body)
    return answer(body)
  })
  return { api: createAdminClient({ baseUrl: 'http://alpin.shop.test', fetch, getLocale: () => 'en', xsrfToken: async () => undefined }), bodies }
}

function WithActions(props: { api: ReturnType<typeof fakeApi>['api']; kind: 'payment' | 'cancel'; onDone: (m: string) => void }) {
  const actions = useBookingActions(props.api, BOOKING.code)
  const common = { booking: BOOKING, actions, lang: 'en' as const, onClose: () => {}, onDone: props.onDone, open: true }
  return props.kind === 'payment' ? <PaymentDialog {...common} /> : <CancelDialog {...common} visitorLanguage="French" />
}

async function renderWith(node: React.ReactNode) {
  const i18n = adminI18n('en', await loadAdminMessages('en'))
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>{node}</I18nProvider>
    </QueryClientProvider>,
  )
}

const violations = async () => (await axe.run(document.body, { rules: { region: { enabled: false } } })).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)

describe('recording a payment received on site', () => {
  it('takes the amount as typed (a comma too), refuses more than is open before asking, and sends the version', async () => {
    const done = vi.fn()
    const { api, bodies } = fakeApi(() => Response.json({ data: { ...BOOKING, open: 8750, version: 4 } }))
    await renderWith(<WithActions api={api} kind="payment" onDone={done} />)
    const amount = screen.getByLabelText('Amount received (CHF)') as HTMLInputElement
    expect(amount.value).toBe('100.00')
    fireEvent.change(amount, { target: { value: '100,50' } })
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }))
    await waitFor(() => expect(screen.getAllByText(/At most the open amount of CHF/).length).toBeGreaterThan(0))
    expect(bodies).toEqual([])
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(amount, { target: { value: '12,50' } })
    fireEvent.change(screen.getByLabelText('Paid by'), { target: { value: 'card' } })
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    expect(bodies.at(-1)).toEqual({ amount: 1250, method: 'card', version: 3 })
    expect(done.mock.calls[0]![0]).toMatch(/^CHF.12\.50 recorded\.$/)
    expect(await violations()).toEqual([])
  })

  it('says so when the booking changed meanwhile', async () => {
    const { api } = fakeApi(() => problem(409, { code: 'booking.version_conflict', version: 4 }))
    await renderWith(<WithActions api={api} kind="payment" onDone={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This booking was changed in the meantime'))
  })
})

describe('cancelling a booking', () => {
  it('says what happens: places, the refund through the provider, the visitor’s e-mail and its language', async () => {
    const done = vi.fn()
    const { api, bodies } = fakeApi(() => Response.json({ data: { ...BOOKING, status: 'CANCELLED', version: 4 } }))
    await renderWith(<WithActions api={api} kind="cancel" onDone={done} />)
    const consequences = screen.getByTestId('cancel-consequences').textContent ?? ''
    expect(consequences).toContain('2 places are released')
    expect(consequences).toMatch(/CHF.120\.00 is refunded to the visitor through the payment provider/)
    expect(consequences).toContain('Chloé Lefèvre gets an e-mail in French')
    fireEvent.change(screen.getByLabelText('Message to the visitor (optional)'), { target: { value: ' Météo ' } })
    expect(await violations()).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the booking' }))
    await waitFor(() => expect(done).toHaveBeenCalledWith('The booking is cancelled. The visitor gets an e-mail in French.'))
    expect(bodies.at(-1)).toEqual({ version: 3, message: 'Météo' })
  })
})
