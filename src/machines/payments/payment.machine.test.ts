import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { attemptOf, classifyPaymentError, paymentMachine, type PaymentMachineInput, type PaymentStart, type PaymentView } from './payment.machine'
import { apiError, ATTEMPT_ID, CANCELLED, FAILED, NOT_PAYABLE, PAID, PAYABLE, PENDING, START } from './payment.fixtures'

type Answer<T> = T | { error: unknown }

/** The machine with scripted actors: each call takes the next answer. */
function start(input: PaymentMachineInput, answers: { load?: Answer<PaymentView>[]; start?: Answer<PaymentStart>[] } = {}) {
  const calls = { load: 0, start: 0 }
  const redirect = vi.fn()
  const next = async <T,>(list: Answer<T>[] | undefined, n: number): Promise<T> => {
    const answer = list?.[Math.min(n, (list?.length ?? 1) - 1)]
    if (answer === undefined) throw new Error('no answer scripted')
    if (typeof answer === 'object' && answer !== null && 'error' in answer) throw answer.error
    return answer as T
  }
  const machine = paymentMachine.provide({
    actors: {
      loadPayment: fromPromise(() => next(answers.load, calls.load++)),
      startPayment: fromPromise(() => next(answers.start, calls.start++)),
    },
    actions: { redirect: (_, params: { url: string }) => redirect(params.url) },
  })
  const actor = createActor(machine, { input: { pollIntervalMs: 1, ...input } }).start()
  const settled = (state: string) => waitFor(actor, (s) => s.matches(state as never), { timeout: 2000 })
  return { actor, calls, redirect, settled }
}

describe('paymentMachine: the payment link page', () => {
  it('loads, shows a payable booking, starts the payment and redirects to the provider', async () => {
    const { actor, calls, redirect, settled } = start({}, { load: [PAYABLE], start: [START] })
    expect(actor.getSnapshot().value).toBe('loading')
    await settled('payable')
    expect(actor.getSnapshot().context.view).toEqual(PAYABLE)
    actor.send({ type: 'pay' })
    expect(actor.getSnapshot().value).toBe('starting')
    await settled('redirecting')
    expect(redirect).toHaveBeenCalledWith(START.redirectUrl)
    expect(actor.getSnapshot().status).toBe('done')
    expect(calls).toEqual({ load: 1, start: 1 })
  })

  it('uses a view loaded on the server without loading again', () => {
    const { actor, calls } = start({ view: PAYABLE })
    expect(actor.getSnapshot().value).toBe('payable')
    expect(calls.load).toBe(0)
  })

  it.each([
    [PAID, 'alreadyPaid'],
    [NOT_PAYABLE, 'notPayable'],
  ] as const)('ends in the outcome of the view (%#)', async (loaded, state) => {
    const { actor, settled } = start({}, { load: [loaded] })
    await settled(state)
    expect(actor.getSnapshot().status).toBe('done')
  })

  it.each([404, 410])('says the link is invalid on %i', async (status) => {
    const { actor, settled } = start({}, { load: [{ error: apiError(status, 'payment_link.expired') }] })
    await settled('linkInvalid')
    expect(actor.getSnapshot().context.error).toEqual({ status, code: 'payment_link.expired' })
  })

  it('shows an unknown error on anything else, and retries the load', async () => {
    const { actor, calls, settled } = start({}, { load: [{ error: apiError(500) }, PAYABLE] })
    await settled('unknownError')
    actor.send({ type: 'pay' }) // not handled here
    expect(actor.getSnapshot().value).toBe('unknownError')
    actor.send({ type: 'retry' })
    await settled('payable')
    expect(calls.load).toBe(2)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it.each([
    ['payment.already_paid', 409, 'alreadyPaid'],
    ['payment.not_payable', 409, 'notPayable'],
    ['payment_link.expired', 410, 'linkInvalid'],
    [undefined, 500, 'unknownError'],
    [undefined, 0, 'unknownError'],
  ] as const)('maps a start failure %s (%i) to %s', async (code, status, state) => {
    const { actor, redirect, settled } = start({ view: PAYABLE }, { start: [{ error: apiError(status, code) }] })
    actor.send({ type: 'pay' })
    await settled(state)
    expect(redirect).not.toHaveBeenCalled()
  })

  it('waits for the other attempt when the server says one is being confirmed', async () => {
    const { actor, settled } = start({ view: PAYABLE }, { start: [{ error: apiError(409, 'payment.in_progress') }], load: [PENDING, PAID] })
    actor.send({ type: 'pay' })
    await settled('success')
    expect(actor.getSnapshot().context.paymentId).toBeNull()
  })
})

describe('paymentMachine: back from the provider', () => {
  it('polls until the webhook said the attempt succeeded', async () => {
    const { actor, calls, settled } = start({ returnedPaymentId: ATTEMPT_ID }, { load: [PENDING, PENDING, PAID] })
    expect(actor.getSnapshot().matches({ returned: 'checking' })).toBe(true)
    await settled('success')
    expect(calls.load).toBe(3)
    expect(attemptOf(actor.getSnapshot().context)?.status).toBe('succeeded')
  })

  it.each([FAILED, CANCELLED])('shows the failure and retries with a new attempt (%#)', async (loaded) => {
    const { actor, redirect, settled } = start({ returnedPaymentId: ATTEMPT_ID }, { load: [loaded], start: [START] })
    await settled('failed')
    actor.send({ type: 'retry' })
    await settled('redirecting')
    expect(redirect).toHaveBeenCalledWith(START.redirectUrl)
  })

  it('reloads instead of starting when the booking is no longer payable after a failure', async () => {
    const failedButPaid = { ...FAILED, paymentState: 'not_payable' as const }
    const { actor, settled } = start({ returnedPaymentId: ATTEMPT_ID }, { load: [failedButPaid, NOT_PAYABLE] })
    await settled('failed')
    actor.send({ type: 'retry' })
    await settled('notPayable')
  })

  it('says the confirmation is delayed after maxPolls, and checks again on reload', async () => {
    const { actor, calls, settled } = start({ returnedPaymentId: ATTEMPT_ID, maxPolls: 3 }, { load: [PENDING, PENDING, PENDING, PAID] })
    await settled('delayed')
    expect(calls.load).toBe(3)
    expect(actor.getSnapshot().context.polls).toBe(2)
    actor.send({ type: 'reload' })
    expect(actor.getSnapshot().context.polls).toBe(0)
    await settled('success')
  })

  it('an unknown attempt id waits like a pending one', async () => {
    const { settled } = start({ returnedPaymentId: 'pay_unknown_unknown_unknown', maxPolls: 2 }, { load: [PAYABLE] })
    await settled('delayed')
  })

  it('a link that expired meanwhile is invalid; other load errors are unknown', async () => {
    await start({ returnedPaymentId: ATTEMPT_ID }, { load: [{ error: apiError(410) }] }).settled('linkInvalid')
    await start({ returnedPaymentId: ATTEMPT_ID }, { load: [{ error: apiError(502) }] }).settled('unknownError')
  })
})

describe('classifyPaymentError', () => {
  it('reads status and code from ApiError-like and plain shapes', () => {
    expect(classifyPaymentError(apiError(409, 'payment.in_progress'))).toEqual({ status: 409, code: 'payment.in_progress' })
    expect(classifyPaymentError({ statusCode: 404, data: { code: 'x' } })).toEqual({ status: 404, code: 'x' })
    expect(classifyPaymentError(new Error('network'))).toEqual({ status: 0 })
    expect(classifyPaymentError(null)).toEqual({ status: 0 })
  })
})
