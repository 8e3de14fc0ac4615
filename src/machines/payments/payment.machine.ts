/**
 * Paying a booking's open amount online.
 *
 * The same machine drives the after-sales payment page (source: a payment link) and the return
 * from the provider after "pay now" in the checkout (source: the cart's booking); the app
 * provides the two actors for its source and the `redirect` action (window.location).
 *
 * Pure: no React, no fetch, no window. The actors are placeholders that throw.
 *
 * States:
 * - loading (load) → deciding | linkInvalid (404/410) | unknownError
 *   (with `input.view` given, e.g. from SSR, it starts in deciding)
 * - deciding: returned [input.returnedPaymentId] | alreadyPaid [paid] | notPayable [not_payable] | payable
 * - payable --pay--> starting (start) → redirecting (final; the app leaves the page)
 *   | alreadyPaid / notPayable / linkInvalid / returned (409 payment.in_progress) | unknownError
 * - returned: checking (load) → success [the attempt succeeded or the booking is paid]
 *   | failed [the attempt failed or was cancelled] | delayed [no answer after maxPolls]
 *   | waiting --after poll--> checking
 * - failed --retry--> starting; delayed --reload--> returned; unknownError --retry--> loading
 *
 * The booking counts as paid only when the server says so: the server learns it from the
 * provider's verified webhook, never from the redirect (the `outcome` query is not used).
 */
import { assign, fromPromise, setup } from 'xstate'
import type { components } from '~/api/schema.gen'

type S = components['schemas']
export type PaymentState = S['PaymentState']
export type PaymentAttempt = S['PaymentAttempt']
export type PaymentStart = S['PaymentStart']

/** What the page needs of the booking, whatever the source (payment link or cart booking). */
export type PaymentView = {
  code: string
  status: S['BookingStatus']
  total: S['Money']
  openAmount: S['Money']
  paymentMethod: S['PaymentMethod']
  paymentState: PaymentState
  payments: PaymentAttempt[]
}

export type PaymentMachineInput = {
  /** The view as already loaded (SSR); without it the machine loads first. */
  view?: PaymentView | null
  /** Back from the provider: the attempt to wait for. */
  returnedPaymentId?: string | null
  /** How often the returned page asks whether the webhook has arrived (default 1 s). */
  pollIntervalMs?: number
  /** After this many answers without an outcome the page says it is delayed (default 30). */
  maxPolls?: number
}

export type PaymentFailure = { status: number; code?: string }

export type PaymentContext = {
  view: PaymentView | null
  paymentId: string | null
  redirectUrl: string | null
  error: PaymentFailure | null
  polls: number
  pollIntervalMs: number
  maxPolls: number
}

export type PaymentEvent = { type: 'pay' } | { type: 'retry' } | { type: 'reload' }

/** Status and `data.code` of an ApiError (or anything shaped like one). */
export function classifyPaymentError(error: unknown): PaymentFailure {
  const e = error as { status?: unknown; statusCode?: unknown; body?: { data?: { code?: unknown } }; data?: { code?: unknown }; code?: unknown } | null
  const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : 0
  const code = e?.body?.data?.code ?? e?.data?.code ?? e?.code
  return { status, ...(typeof code === 'string' ? { code } : {}) }
}

export function attemptOf(context: Pick<PaymentContext, 'view' | 'paymentId'>): PaymentAttempt | undefined {
  return context.view?.payments.find((p) => p.id === context.paymentId)
}

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentMachineInput,
  },
  actors: {
    loadPayment: fromPromise<PaymentView, void>(async () => {
      throw new Error('loadPayment not provided')
    }),
    startPayment: fromPromise<PaymentStart, void>(async () => {
      throw new Error('startPayment not provided')
    }),
  },
  delays: {
    poll: ({ context }) => context.pollIntervalMs,
  },
  guards: {
    hasView: ({ context }) => context.view !== null,
    isReturn: ({ context }) => context.paymentId !== null,
    isPaid: ({ context }) => context.view?.paymentState === 'paid',
    isNotPayable: ({ context }) => context.view?.paymentState === 'not_payable',
    attemptSucceeded: ({ context }) => attemptOf(context)?.status === 'succeeded' || context.view?.paymentState === 'paid',
    attemptFailed: ({ context }) => {
      const status = attemptOf(context)?.status
      return status === 'failed' || status === 'cancelled'
    },
    pollsExhausted: ({ context }) => context.polls + 1 >= context.maxPolls,
    linkGone: (_, params: { error: unknown }) => {
      const { status } = classifyPaymentError(params.error)
      return status === 404 || status === 410
    },
    errorCode: (_, params: { error: unknown; code: string }) => classifyPaymentError(params.error).code === params.code,
    canPay: ({ context }) => context.view?.paymentState === 'payable',
  },
  actions: {
    assignView: assign((_, params: { view: PaymentView }) => ({ view: params.view, error: null })),
    assignStart: assign((_, params: { start: PaymentStart }) => ({ paymentId: params.start.paymentId, redirectUrl: params.start.redirectUrl, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: classifyPaymentError(params.error) })),
    countPoll: assign(({ context }) => ({ polls: context.polls + 1 })),
    resetPolls: assign({ polls: 0 }),
    /** Waiting for an attempt that another tab started: no own id to look for. */
    forgetAttempt: assign({ paymentId: null }),
    /** The app leaves the page for the provider (provided: window.location.assign). */
    redirect: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    view: input.view ?? null,
    paymentId: input.returnedPaymentId ?? null,
    redirectUrl: null,
    error: null,
    polls: 0,
    pollIntervalMs: input.pollIntervalMs ?? 1_000,
    maxPolls: input.maxPolls ?? 30,
  }),
  initial: 'init',
  states: {
    init: {
      always: [{ guard: 'isReturn', target: 'returned' }, { guard: 'hasView', target: 'deciding' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'loadPayment',
        src: 'loadPayment',
        onDone: { target: 'deciding', actions: { type: 'assignView', params: ({ event }) => ({ view: event.output }) } },
        onError: [
          { guard: { type: 'linkGone', params: ({ event }) => ({ error: event.error }) }, target: 'linkInvalid', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          { target: 'unknownError', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    deciding: {
      always: [{ guard: 'isPaid', target: 'alreadyPaid' }, { guard: 'isNotPayable', target: 'notPayable' }, { target: 'payable' }],
    },
    payable: {
      on: { pay: 'starting' },
    },
    starting: {
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        onDone: { target: 'redirecting', actions: { type: 'assignStart', params: ({ event }) => ({ start: event.output }) } },
        onError: [
          { guard: { type: 'errorCode', params: ({ event }) => ({ error: event.error, code: 'payment.already_paid' }) }, target: 'alreadyPaid' },
          { guard: { type: 'errorCode', params: ({ event }) => ({ error: event.error, code: 'payment.not_payable' }) }, target: 'notPayable' },
          { guard: { type: 'errorCode', params: ({ event }) => ({ error: event.error, code: 'payment.in_progress' }) }, target: 'returned', actions: 'forgetAttempt' },
          { guard: { type: 'linkGone', params: ({ event }) => ({ error: event.error }) }, target: 'linkInvalid', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          { target: 'unknownError', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    redirecting: {
      type: 'final',
      entry: { type: 'redirect', params: ({ context }) => ({ url: context.redirectUrl ?? '' }) },
    },
    returned: {
      initial: 'checking',
      entry: 'resetPolls',
      states: {
        checking: {
          invoke: {
            id: 'loadPayment',
            src: 'loadPayment',
            onDone: { target: 'deciding', actions: { type: 'assignView', params: ({ event }) => ({ view: event.output }) } },
            onError: [
              { guard: { type: 'linkGone', params: ({ event }) => ({ error: event.error }) }, target: '#payment.linkInvalid', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
              { target: '#payment.unknownError', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        deciding: {
          always: [
            { guard: 'attemptSucceeded', target: '#payment.success' },
            { guard: 'attemptFailed', target: '#payment.failed' },
            { guard: 'pollsExhausted', target: '#payment.delayed' },
            { target: 'waiting', actions: 'countPoll' },
          ],
        },
        waiting: {
          after: { poll: 'checking' },
        },
      },
    },
    success: { type: 'final' },
    failed: {
      on: {
        retry: [{ guard: 'canPay', target: 'starting' }, { target: 'loading' }],
      },
    },
    delayed: {
      on: { reload: 'returned' },
    },
    alreadyPaid: { type: 'final' },
    notPayable: { type: 'final' },
    linkInvalid: { type: 'final' },
    unknownError: {
      on: { retry: 'loading' },
    },
  },
})

export type PaymentMachine = typeof paymentMachine
