import type { PaymentAttempt, PaymentView } from './payment.machine'

const money = (amount: number) => ({ amount, currency: 'CHF' })

export const ATTEMPT_ID = 'pay_AAAAAAAAAAAAAAAAAAAAAA'

export function attempt(status: PaymentAttempt['status'], id = ATTEMPT_ID): PaymentAttempt {
  return { id, status, amount: money(24000), createdAt: '2026-11-23T08:00:00.000Z' }
}

export function view(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    code: 'K7Q2-X9PM',
    status: 'CONFIRMED',
    total: money(24000),
    openAmount: money(24000),
    paymentMethod: 'PAY_LATER',
    paymentState: 'payable',
    payments: [],
    ...overrides,
  }
}

export const PAYABLE = view()
export const PAID = view({ status: 'PAID', openAmount: money(0), paymentState: 'paid', payments: [attempt('succeeded')] })
export const NOT_PAYABLE = view({ paymentMethod: 'PAY_ON_SITE', paymentState: 'not_payable' })
export const PENDING = view({ payments: [attempt('pending')] })
export const FAILED = view({ payments: [attempt('failed')] })
export const CANCELLED = view({ payments: [attempt('cancelled')] })

/** An error as the app's ApiError carries it. */
export function apiError(status: number, code?: string) {
  return { status, body: { statusCode: status, statusMessage: 'x', message: 'x', data: code ? { code } : {} } }
}

export const START = { paymentId: ATTEMPT_ID, redirectUrl: 'https://pay.example/session/1' }
