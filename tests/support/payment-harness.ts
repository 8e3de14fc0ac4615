import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { payments } from '../../src/server/db/schema'
import { SANDBOX_PATH, signWebhook } from '../../src/server/payments/sandbox'
import type { TestApp } from './app'
import { checkoutRequest, type createOffer } from './factories'
import type { visitorCalls } from './visitor-calls'

export const WEBHOOK = '/api/webshop/v1/payments/webhooks/sandbox'

type Offers = Record<string, Awaited<ReturnType<typeof createOffer>>>

/**
 * The steps of a booking and its payment against the test app, shared by the payment suites:
 * hold places, book, start a payment, click on the sandbox page, send a signed webhook. The
 * suite's state is read at each call (it is set up in beforeAll).
 */
export function paymentSteps(options: {
  origin: string
  app: () => TestApp
  call: ReturnType<typeof visitorCalls>
  made: Offers
  secret: () => string
  clock: () => number
  defaults: { offer: string; paymentMethod: string }
}) {
  const { origin, app, call, made, secret, clock, defaults } = options

  /** Adds `quantity` places of the offer's first session to a new cart. */
  async function hold(offer: string, quantity: number) {
    const cart = (await (await call('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const added = await call('POST', `/api/webshop/v1/carts/${cart}/items`, { offer, sku: made[offer]!.skus[0]!.id, sessionId: made[offer]!.sessions[0]!.id, quantity })
    return { cart, added }
  }

  /** A booking (or request) of `quantity` places, checked out in `locale`. */
  async function book(choice: { offer?: string; quantity?: number; paymentMethod?: string; mode?: 'order' | 'request'; locale?: string } = {}) {
    const quantity = choice.quantity ?? 1
    const { cart, added } = await hold(choice.offer ?? defaults.offer, quantity)
    expect(added.status).toBe(201)
    const item = (await added.json()).data.items[0].id as string
    const response = await call(
      'POST',
      `/api/webshop/v1/carts/${cart}/checkout`,
      checkoutRequest(item, quantity, { mode: choice.mode ?? 'order', paymentMethod: choice.paymentMethod ?? defaults.paymentMethod }),
      { 'x-flowin-locale': choice.locale ?? 'en' },
    )
    expect(response.status).toBe(201)
    return { cart, booking: (await response.json()).data }
  }

  /** Starts a payment and answers the sandbox session's reference. */
  async function start(path: string) {
    const response = await call('POST', path)
    expect(response.status).toBe(201)
    const data = (await response.json()).data as { paymentId: string; redirectUrl: string }
    const [row] = await app().database.db.select().from(payments).where(eq(payments.id, data.paymentId))
    return { ...data, ref: row!.providerRef! }
  }

  /** The tester's click on the sandbox page. */
  const sandboxAction = (ref: string, action: 'pay' | 'fail' | 'cancel') =>
    app().sandbox.handle(
      new Request(`${origin}${SANDBOX_PATH}${ref}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: `action=${action}`,
      }),
    )

  /** A sandbox webhook, signed with the shop's secret (or another) at the suite's clock (or another time). */
  function webhook(event: { id: string; type: string; ref: string; amount: number; currency?: string }, signing: { secret?: string; time?: number } = {}) {
    const body = JSON.stringify({ id: event.id, type: event.type, created: 0, data: { ref: event.ref, amount: event.amount, currency: event.currency ?? 'CHF' } })
    const signature = signWebhook(signing.secret ?? secret(), signing.time ?? Math.floor(clock() / 1000), body)
    return app().call(`${origin}${WEBHOOK}`, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-signature': signature }, body })
  }

  return { hold, book, start, sandboxAction, webhook }
}
