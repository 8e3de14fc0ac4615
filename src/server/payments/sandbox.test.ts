import { describe, expect, it } from 'vitest'
import type { Db } from '~/server/db/client'
import { WebhookRejected } from './provider'
import { createSandboxProvider, sandboxRefundRef, signWebhook, SIGNATURE_HEADER } from './sandbox'

const SECRET = 'unit-secret'
const NOW = new Date('2026-11-26T10:00:00Z')
// verifyWebhook never touches the database.
const sandbox = createSandboxProvider({ db: {} as Db, secret: async () => SECRET, deliver: async () => new Response(null, { status: 204 }), now: () => NOW })

function signed(event: unknown) {
  const body = JSON.stringify(event)
  const headers = new Headers({ [SIGNATURE_HEADER]: signWebhook(SECRET, Math.floor(NOW.getTime() / 1000), body) })
  return sandbox.verifyWebhook({ headers, body, now: NOW })
}

describe('sandbox webhook events', () => {
  it('parses payment events as kind payment', async () => {
    await expect(signed({ id: 'evt_1', type: 'payment.succeeded', data: { ref: 'sbx_a', amount: 100, currency: 'CHF' } })).resolves.toEqual({
      kind: 'payment', eventId: 'evt_1', ref: 'sbx_a', outcome: 'succeeded', amount: 100, currency: 'CHF',
    })
  })

  it('parses refund events with our refund id when present', async () => {
    await expect(signed({ id: 'evt_2', type: 'refund.succeeded', data: { ref: 'sbr_a', refundId: 'r1', amount: 50, currency: 'CHF' } })).resolves.toEqual({
      kind: 'refund', eventId: 'evt_2', ref: 'sbr_a', refundId: 'r1', outcome: 'succeeded', amount: 50, currency: 'CHF',
    })
    await expect(signed({ id: 'evt_3', type: 'refund.failed', data: { ref: 'sbr_a', amount: 50, currency: 'CHF' } })).resolves.toEqual({
      kind: 'refund', eventId: 'evt_3', ref: 'sbr_a', outcome: 'failed', amount: 50, currency: 'CHF',
    })
  })

  it('refuses unknown kinds and outcomes, a bare outcome, and a malformed refund id', async () => {
    for (const type of ['refund.cancelled', 'payment.refunded', 'succeeded', 'charge.succeeded', 'refund', 'payment.succeeded.extra', 'constructor.succeeded', '__proto__.failed']) {
      await expect(signed({ id: 'evt_4', type, data: { ref: 'sbr_a', amount: 50, currency: 'CHF' } })).rejects.toBeInstanceOf(WebhookRejected)
    }
    await expect(signed({ id: 'evt_5', type: 'refund.succeeded', data: { ref: 'sbr_a', refundId: 'with space', amount: 50, currency: 'CHF' } })).rejects.toBeInstanceOf(WebhookRejected)
    await expect(signed({ id: 'evt_6', type: 'refund.succeeded', data: { ref: 'sbr_a', refundId: 7, amount: 50, currency: 'CHF' } })).rejects.toBeInstanceOf(WebhookRejected)
  })
})

describe('sandbox refund refs', () => {
  it('are stable per payment and refund id, distinct otherwise, and never look like a payment', () => {
    const ref = sandboxRefundRef('sbx_payment', 'refund-1')
    expect(ref).toMatch(/^sbr_[A-Za-z0-9_-]{22}$/)
    expect(sandboxRefundRef('sbx_payment', 'refund-1')).toBe(ref)
    expect(sandboxRefundRef('sbx_payment', 'refund-2')).not.toBe(ref)
    expect(sandboxRefundRef('sbx_other', 'refund-1')).not.toBe(ref)
  })
})
