/**
 * The UI model of paying a booking online (paymentMachine, PaymentPanel): the payment-link page
 * and the return from the provider after "pay now" in the checkout.
 *
 * The real machine with the real page's inputs: the page passes no `pollIntervalMs`/`maxPolls`,
 * so it asks every second and says "delayed" after 30 answers without an outcome. The bookings
 * are the spec's own, made through the webshop API on the seeded demo shop (Alpin Abenteuer):
 * one adult of "Canyoning Grimsel" (CHF 149.00 in the seed), paid later (the link) or now (the
 * checkout). Codes and attempt ids are the server's (random); the model's stand-ins only tell the
 * guards apart (`paymentState`, the returned attempt's status).
 *
 * Starts: the payment link of a pay-later booking (de), the return to the checkout's success page
 * from the provider after pay now (fr), and an unknown payment link (en). Events per snapshot are
 * limited to what the spec makes the real server answer (or, for faults that cannot be provoked,
 * the contract's error): see payment.model.spec.ts.
 */
import type { EventObject } from 'xstate'
import { paymentMachine, type PaymentAttempt, type PaymentView } from '~/machines/payments/payment.machine'
import type { UiModel } from './plan'

/** One adult of Canyoning Grimsel in the seed: CHF 149.00. */
export const PRICE = 14_900
const chf = (amount: number) => ({ amount, currency: 'CHF' })

/** The attempt the visitor comes back from (a stand-in for the server's random id). */
export const RETURNED_ID = 'returned-attempt'

const attempt = (status: PaymentAttempt['status']): PaymentAttempt => ({ id: RETURNED_ID, status, amount: chf(PRICE), createdAt: '2026-01-01T00:00:00.000Z' })

const booking = (overrides: Partial<PaymentView>): PaymentView => ({
  code: 'CODE-0000',
  status: 'CONFIRMED',
  total: chf(PRICE),
  openAmount: chf(PRICE),
  paymentMethod: 'PAY_LATER',
  paymentState: 'payable',
  payments: [],
  ...overrides,
})

/** The pay-later booking of the link, as the page's server render has it. */
export const LINK_PAYABLE = booking({})
/** The pay-now booking on the checkout's success page: its attempt still open at the provider. */
export const NOW_PENDING = booking({ paymentMethod: 'PAY_NOW', payments: [attempt('pending')] })
export const NOW_PAID = booking({ status: 'PAID', openAmount: chf(0), paymentMethod: 'PAY_NOW', paymentState: 'paid', payments: [attempt('succeeded')] })
export const NOW_FAILED = booking({ paymentMethod: 'PAY_NOW', payments: [attempt('failed')] })
export const NOW_CANCELLED = booking({ paymentMethod: 'PAY_NOW', payments: [attempt('cancelled')] })
/** The link's booking paid meanwhile (in another tab): no attempt of this page's own. */
export const LINK_PAID = booking({ status: 'PAID', openAmount: chf(0), paymentState: 'paid', payments: [{ ...attempt('succeeded'), id: 'other-tab' }] })

export const POLL = 'xstate.after.poll.payment.returned.waiting'

/** An error as the app's ApiError carries it (the contract's Error body). */
export function apiError(status: number, code: string) {
  return { status, body: { statusCode: status, statusMessage: 'x', message: 'x', data: { code } } }
}
const done = (id: 'loadPayment' | 'startPayment', output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject
const failed = (id: 'loadPayment' | 'startPayment', error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, error }) as EventObject

export const START = { paymentId: 'started-attempt', redirectUrl: 'http://localhost/api/sandbox-pay/v1/sessions/sbx_0000000000000000000000' }

export const model: UiModel<typeof paymentMachine> = {
  name: 'payment',
  machine: paymentMachine,
  // Journeys the cover leaves out, e.g. back from pay now, pending, one poll, then paid. (The first
  // run of that one kept the heading "Your places are reserved": the test's paused clock also held
  // TanStack Query's setTimeout(0) notifications, so the refreshed booking never reached the page;
  // `see` resumes the clock once the payment succeeded.)
  simplePaths: { maxSteps: 8, limit: 4 },
  starts: [
    { name: 'link (de)', input: { view: LINK_PAYABLE } },
    { name: 'back from pay now (fr)', input: { view: NOW_PENDING, returnedPaymentId: RETURNED_ID } },
    { name: 'unknown link (en)', input: { view: null } },
  ],
  events: (snapshot) => {
    const { view, paymentId } = snapshot.context
    if (snapshot.matches('loading')) {
      // an unknown link's page (nothing to show) or a retry of a booking the page shows
      return view ? [done('loadPayment', view.paymentMethod === 'PAY_NOW' ? NOW_PENDING : LINK_PAYABLE)] : [failed('loadPayment', apiError(404, 'payment_link.not_found'))]
    }
    if (snapshot.matches('payable')) return [{ type: 'pay' }]
    if (snapshot.matches('starting')) {
      // again after a failed attempt: to the provider once more
      if (view?.payments.length) return [done('startPayment', START)]
      return [
        done('startPayment', START),
        failed('startPayment', apiError(409, 'payment.already_paid')),
        failed('startPayment', apiError(409, 'payment.not_payable')),
        failed('startPayment', apiError(409, 'payment.in_progress')),
        failed('startPayment', apiError(410, 'payment_link.expired')),
        failed('startPayment', apiError(502, 'payment.provider_unavailable')),
      ]
    }
    if (snapshot.matches({ returned: 'checking' })) {
      // another tab's payment is being confirmed: it goes through
      if (paymentId === null) return [done('loadPayment', LINK_PAID)]
      return [
        done('loadPayment', NOW_PAID),
        done('loadPayment', NOW_FAILED),
        done('loadPayment', NOW_CANCELLED),
        done('loadPayment', NOW_PENDING),
        failed('loadPayment', apiError(500, 'internal')),
      ]
    }
    if (snapshot.matches({ returned: 'waiting' })) return [{ type: POLL }]
    if (snapshot.matches('failed') || snapshot.matches('unknownError')) return [{ type: 'retry' }]
    if (snapshot.matches('delayed')) return [{ type: 'reload' }]
    return []
  },
}
