/**
 * The built-in sandbox payment provider (ADR 011).
 *
 * It stands in for an external provider and behaves like one: a hosted page (served by this
 * app under /api/sandbox-pay/) where a tester pays, makes the payment fail or cancels; a
 * redirect back to the shop; and an HMAC-signed webhook delivered asynchronously, at least
 * once (it deliberately delivers every event twice), with retries when the shop does not
 * answer 2xx. The shop learns the outcome only from the verified webhook, as with Stripe.
 *
 * Refunds (ADR 029): `refund` pays back part or all of a succeeded session, never more than it
 * took over all its refunds (refused with `RefundRefused` otherwise), and answers a ref at once;
 * the outcome is posted like a payment's (`refund.succeeded` / `refund.failed`, signed, at least
 * once, twice on purpose, retried) to the refund's webhook URL, else the payment's. A refund is
 * kept without a table of its own as a row of `sandbox_sessions`:
 * - `ref` is `sbr_` + 22 characters derived from the payment's ref and our refund id, so asking
 *   again with the same refund id finds the same row and refunds nothing twice (the sandbox's
 *   idempotency key, like Stripe's `Idempotency-Key`);
 * - `description` holds the refunded payment's ref (`sbx_…`), `amount`/`currency` the refund's;
 * - `status` is its outcome, decided when it is asked for (`succeeded`, or `failed` when a test
 *   called `simulateRefunds('fail')`); `completed_at` when.
 * Refund rows never match the hosted page's `sbx_` refs, so they have no page.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, like, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { sandboxSessions } from '~/server/db/schema'
import { formatMoney } from '~/lib/money'
import { toLocale, type Locale } from '~/lib/locale'
import { escapeHtml } from '~/lib/html'
import {
  RefundRefused,
  WebhookRejected,
  type CreateSessionInput,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderEvent,
  type RefundEvent,
  type RefundInput,
  type WebhookInput,
} from './provider'

export const SANDBOX_PATH = '/api/sandbox-pay/v1/sessions/'
export const SIGNATURE_HEADER = 'webhook-signature'
/** Events signed more than this far from now are refused (replay window). */
export const REPLAY_WINDOW_SECONDS = 300

type Outcome = PaymentEvent['outcome']
type SessionRow = typeof sandboxSessions.$inferSelect

/** Refund refs: `sbr_` + 22 URL-safe characters (payment refs are `sbx_…`). */
export const SANDBOX_REFUND_PREFIX = 'sbr_'

/** How the sandbox answers refund requests (tests): pay back, accept but fail, or be unreachable. */
export type SandboxRefundMode = 'succeed' | 'fail' | 'unavailable'

/** The deterministic ref of a refund: the same refund id asked twice is the same refund. */
export function sandboxRefundRef(paymentRef: string, refundId: string) {
  return `${SANDBOX_REFUND_PREFIX}${createHash('sha256').update(`${paymentRef}\u0000${refundId}`).digest('base64url').slice(0, 22)}`
}

export function signWebhook(secret: string, timestamp: number, body: string) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${v1}`
}

export type SandboxOptions = {
  db: Db
  /** The shared HMAC secret (created once per database). */
  secret: () => Promise<string>
  /** Posts a webhook to the shop (in-process: the API handler itself). */
  deliver: (request: Request) => Promise<Response>
  /** Wait before the first delivery (default 300 ms; the return page has to wait for it). */
  deliveryDelayMs?: number
  /** Waits before the retries of a failed delivery. */
  retryDelaysMs?: number[]
  now?: () => Date
}

export type SandboxProvider = PaymentProvider & {
  /** Answers the hosted page (GET) and its form (POST). */
  handle(request: Request): Promise<Response>
  /** Resolves when every scheduled delivery has finished (tests). */
  settled(): Promise<void>
  /** Makes the next refund requests succeed (default), fail (a `refund.failed` event) or throw as if unreachable (tests). */
  simulateRefunds(mode: SandboxRefundMode): void
}

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const { db } = options
  const now = () => options.now?.() ?? new Date()
  const inFlight = new Set<Promise<void>>()
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

  let refundMode: SandboxRefundMode = 'succeed'

  async function post(webhookUrl: string, body: string) {
    const secret = await options.secret()
    const signature = signWebhook(secret, Math.floor(now().getTime() / 1000), body)
    const response = await options.deliver(
      new Request(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, body }),
    )
    return response.ok
  }

  /** At least once: retried until a 2xx, then sent once more as a duplicate on purpose. */
  function scheduleDelivery(webhookUrl: string, type: string, data: Record<string, unknown>) {
    const body = JSON.stringify({
      id: `evt_${randomBytes(16).toString('base64url')}`,
      type,
      created: Math.floor(now().getTime() / 1000),
      data,
    })
    const delays = [options.deliveryDelayMs ?? 300, ...(options.retryDelaysMs ?? [1_000, 5_000, 15_000])]
    const run = (async () => {
      for (const delay of delays) {
        await sleep(delay)
        const delivered = await post(webhookUrl, body).catch((error) => {
          console.error(`[sandbox] webhook to ${webhookUrl} failed`, error)
          return false
        })
        if (delivered) {
          await post(webhookUrl, body).catch(() => false)
          return
        }
      }
      console.error(`[sandbox] gave up delivering ${type} of ${String(data.ref)}`)
    })()
    inFlight.add(run)
    void run.finally(() => inFlight.delete(run))
  }

  const deliverPayment = (session: SessionRow, outcome: Outcome) =>
    scheduleDelivery(session.webhookUrl, `payment.${outcome}`, { ref: session.ref, amount: session.amount, currency: session.currency })

  async function complete(ref: string, outcome: Outcome): Promise<SessionRow | null> {
    const [row] = await db
      .update(sandboxSessions)
      .set({ status: outcome, completedAt: now() })
      .where(and(eq(sandboxSessions.ref, ref), eq(sandboxSessions.status, 'open')))
      .returning()
    return row ?? null
  }

  return {
    id: 'sandbox',

    async createSession(input: CreateSessionInput) {
      const ref = `sbx_${randomBytes(16).toString('base64url')}`
      await db.insert(sandboxSessions).values({
        ref,
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        locale: input.locale,
        returnUrl: input.returnUrl,
        webhookUrl: input.webhookUrl,
      })
      return { ref, redirectUrl: `${new URL(input.returnUrl).origin}${SANDBOX_PATH}${ref}` }
    },

    async cancelSession(ref) {
      const [cancelled] = await db
        .update(sandboxSessions)
        .set({ status: 'cancelled', completedAt: now() })
        .where(and(eq(sandboxSessions.ref, ref), eq(sandboxSessions.status, 'open')))
        .returning({ ref: sandboxSessions.ref })
      if (cancelled) return 'cancelled'
      const [row] = await db.select({ status: sandboxSessions.status }).from(sandboxSessions).where(eq(sandboxSessions.ref, ref))
      return row?.status === 'succeeded' ? 'completed' : 'cancelled'
    },

    async refund(input: RefundInput) {
      if (refundMode === 'unavailable') throw new Error('The sandbox does not answer refund requests (simulated).')
      const ref = sandboxRefundRef(input.paymentRef, input.refundId)
      const outcome = refundMode === 'fail' ? 'failed' : 'succeeded'
      const created = await db.transaction(async (tx) => {
        // The payment's row is the lock: refunds of one payment are decided one at a time.
        const [payment] = await tx.select().from(sandboxSessions).where(eq(sandboxSessions.ref, input.paymentRef)).for('update')
        if (!payment || payment.ref.startsWith(SANDBOX_REFUND_PREFIX) || payment.status !== 'succeeded') {
          throw new RefundRefused('refund.not_refundable', 'This payment was not completed: there is nothing to refund.')
        }
        const [existing] = await tx.select().from(sandboxSessions).where(eq(sandboxSessions.ref, ref))
        if (existing) return null // asked again with the same refund id: the same refund, nothing more
        if (input.currency !== payment.currency || !Number.isSafeInteger(input.amount) || input.amount <= 0) {
          throw new RefundRefused('refund.not_refundable', 'The amount or currency does not fit this payment.')
        }
        const [refunded] = await tx
          .select({ total: sql<string | number | null>`sum(${sandboxSessions.amount})` })
          .from(sandboxSessions)
          .where(and(eq(sandboxSessions.description, payment.ref), like(sandboxSessions.ref, `${SANDBOX_REFUND_PREFIX}%`), eq(sandboxSessions.status, 'succeeded')))
        if (Number(refunded?.total ?? 0) + input.amount > payment.amount) {
          throw new RefundRefused('refund.exceeds_payment', 'This would pay back more than the payment took.')
        }
        const [row] = await tx
          .insert(sandboxSessions)
          .values({
            ref,
            amount: input.amount,
            currency: input.currency,
            description: payment.ref,
            locale: payment.locale,
            returnUrl: payment.returnUrl,
            webhookUrl: input.webhookUrl ?? payment.webhookUrl,
            status: outcome,
            completedAt: now(),
          })
          .returning()
        return row!
      })
      if (created) {
        scheduleDelivery(created.webhookUrl, `refund.${outcome}`, { ref, refundId: input.refundId, amount: created.amount, currency: created.currency })
      }
      return { ref }
    },

    simulateRefunds(mode) {
      refundMode = mode
    },

    async verifyWebhook({ headers, body, now: at }: WebhookInput): Promise<ProviderEvent> {
      const header = headers.get(SIGNATURE_HEADER) ?? ''
      const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]))
      const timestamp = Number(parts.t)
      if (!/^\d{1,12}$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) {
        throw new WebhookRejected('webhook.invalid_signature', 'The Webhook-Signature header is missing or malformed.')
      }
      const expected = Buffer.from(signWebhook(await options.secret(), timestamp, body).split('v1=')[1]!, 'hex')
      if (!timingSafeEqual(expected, Buffer.from(parts.v1!, 'hex'))) {
        throw new WebhookRejected('webhook.invalid_signature', 'The signature does not match the body.')
      }
      if (Math.abs(at.getTime() / 1000 - timestamp) > REPLAY_WINDOW_SECONDS) {
        throw new WebhookRejected('webhook.stale', 'The event was signed too long ago (or in the future).')
      }
      let event: { id?: unknown; type?: unknown; data?: { ref?: unknown; refundId?: unknown; amount?: unknown; currency?: unknown } }
      try {
        event = JSON.parse(body)
      } catch {
        throw new WebhookRejected('webhook.invalid_body', 'The body is not JSON.')
      }
      // A signed `null`, number or array is still no event (found by the contract fuzzer).
      if (!event || typeof event !== 'object' || Array.isArray(event)) throw new WebhookRejected('webhook.invalid_body', 'The body is not a JSON object.')
      // `payment.succeeded|failed|cancelled` or `refund.succeeded|failed`, nothing else.
      const type = typeof event.type === 'string' ? /^(?:(payment)\.(succeeded|failed|cancelled)|(refund)\.(succeeded|failed))$/.exec(event.type) : null
      const kind = type?.[1] ?? type?.[3]
      const outcome = type?.[2] ?? type?.[4]
      const data = event.data && typeof event.data === 'object' ? event.data : {}
      const token = (value: unknown) => typeof value === 'string' && /^[\x21-\x7e]{1,200}$/.test(value)
      if (
        !token(event.id) ||
        !kind ||
        !token(data.ref) ||
        (data.refundId !== undefined && !token(data.refundId)) ||
        !Number.isSafeInteger(data.amount) ||
        typeof data.currency !== 'string' ||
        !/^[A-Z]{3}$/.test(data.currency)
      ) {
        throw new WebhookRejected('webhook.invalid_body', 'The event lacks id, type or data.')
      }
      const common = { eventId: event.id as string, ref: data.ref as string, amount: data.amount as number, currency: data.currency }
      if (kind === 'refund') {
        return { kind, ...common, outcome: outcome as RefundEvent['outcome'], ...(data.refundId !== undefined ? { refundId: data.refundId as string } : {}) }
      }
      return { kind: 'payment', ...common, outcome: outcome as Outcome }
    },

    async handle(request) {
      const url = new URL(request.url)
      const ref = url.pathname.slice(SANDBOX_PATH.length)
      const [session] = /^sbx_[A-Za-z0-9_-]{22}$/.test(ref)
        ? await db.select().from(sandboxSessions).where(eq(sandboxSessions.ref, ref))
        : []
      if (!session) return page(404, 'en', (t) => `<h1>${t.unknown}</h1>`)
      const locale = toLocale(session.locale)
      if (request.method === 'POST') {
        const origin = request.headers.get('origin')
        if (origin && origin !== 'null' && origin !== url.origin) return page(403, locale, (t) => `<h1>${t.forbidden}</h1>`)
        const form = new URLSearchParams(await request.text())
        const action = form.get('action')
        const outcome: Outcome | null = action === 'pay' ? 'succeeded' : action === 'fail' ? 'failed' : action === 'cancel' ? 'cancelled' : null
        if (!outcome) return page(400, locale, (t) => `<h1>${t.unknown}</h1>`)
        const done = await complete(ref, outcome)
        if (!done) return closedPage(session, locale)
        deliverPayment(done, outcome)
        const back = new URL(session.returnUrl)
        back.searchParams.set('outcome', outcome) // a hint only: the shop trusts the webhook alone
        return new Response(null, { status: 303, headers: { location: back.href, 'cache-control': 'no-store' } })
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') return page(405, locale, (t) => `<h1>${t.unknown}</h1>`)
      if (session.status !== 'open') return closedPage(session, locale)
      const amount = escapeHtml(formatMoney(session.amount, session.currency, locale))
      return page(200, locale, (t) =>
        `<p class="badge">${t.badge}</p><h1>${t.title}</h1><p>${escapeHtml(session.description)}</p>` +
        `<p class="amount">${amount}</p><p class="note">${t.note}</p>` +
        `<form method="post"><button name="action" value="pay" class="pay">${t.pay(amount)}</button>` +
        `<button name="action" value="fail">${t.fail}</button>` +
        `<button name="action" value="cancel">${t.cancel}</button></form>`,
      )
    },

    async settled() {
      while (inFlight.size) await Promise.allSettled([...inFlight])
    },
  }
}

function closedPage(session: SessionRow, locale: Locale) {
  return page(409, locale, (t) => `<h1>${t.closed}</h1><p><a href="${escapeHtml(session.returnUrl)}">${t.back}</a></p>`)
}

const TEXTS = {
  de: {
    badge: 'Testumgebung',
    title: 'Testzahlung',
    note: 'Dies ist die Zahlungsseite der Testumgebung. Es wird kein Geld bewegt.',
    pay: (amount: string) => `${amount} bezahlen`,
    fail: 'Fehlgeschlagene Zahlung simulieren',
    cancel: 'Abbrechen',
    closed: 'Diese Zahlung ist bereits abgeschlossen oder abgebrochen.',
    back: 'Zurück zum Shop',
    unknown: 'Diese Zahlung gibt es nicht.',
    forbidden: 'Diese Anfrage ist nicht erlaubt.',
  },
  en: {
    badge: 'Sandbox',
    title: 'Test payment',
    note: 'This is the sandbox payment page. No money is moved.',
    pay: (amount: string) => `Pay ${amount}`,
    fail: 'Simulate a failed payment',
    cancel: 'Cancel',
    closed: 'This payment has already been completed or cancelled.',
    back: 'Back to the shop',
    unknown: 'This payment does not exist.',
    forbidden: 'This request is not allowed.',
  },
  fr: {
    badge: 'Environnement de test',
    title: 'Paiement de test',
    note: 'Ceci est la page de paiement de l’environnement de test. Aucun argent n’est débité.',
    pay: (amount: string) => `Payer ${amount}`,
    fail: 'Simuler un paiement refusé',
    cancel: 'Annuler',
    closed: 'Ce paiement est déjà terminé ou a été annulé.',
    back: 'Retour à la boutique',
    unknown: 'Ce paiement n’existe pas.',
    forbidden: 'Cette requête n’est pas autorisée.',
  },
} satisfies Record<Locale, unknown>

function page(status: number, locale: Locale, body: (t: (typeof TEXTS)['en']) => string) {
  const t = TEXTS[locale]
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${t.title}</title><style>` +
    'body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}' +
    'main{max-width:28rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 3px #0002}' +
    '.badge{display:inline-block;background:#fef3c7;color:#78350f;padding:2px 8px;border-radius:6px;font-size:14px;margin:0}' +
    'h1{font-size:1.5rem;margin:.5rem 0}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}.note{color:#4b5563;font-size:14px}' +
    'form{display:grid;gap:.75rem;margin-top:1.5rem}button{font:inherit;padding:.75rem;border-radius:8px;border:1px solid #6b7280;background:#fff;color:#111827;cursor:pointer}' +
    'button.pay{background:#166534;border-color:#166534;color:#fff;font-weight:700}button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}' +
    `</style></head><body><main>${body(t)}</main></body></html>`
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    },
  })
}
