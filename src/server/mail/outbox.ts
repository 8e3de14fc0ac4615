/**
 * Outbox processor: e-mails are written to the `outbox` table in the same
 * transaction as the booking and sent here, in the background, with retries.
 *
 * Claiming: due pending rows are selected `FOR UPDATE SKIP LOCKED` inside a transaction and
 * leased by moving their `next_attempt_at` into the future, so concurrent processors (other
 * processes on PostgreSQL, or overlapping calls on PGlite, which serialises transactions) never
 * take the same row. The send happens after the claim committed — no transaction stays open
 * during SMTP. Delivery is at least once: a process that dies between sending and marking the
 * row sent will send it again when the lease runs out.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import { z } from 'zod'
import type { components } from '~/api/schema.gen'
import { pickLabel, toLocale, type Locale } from '~/lib/locale'
import type { Db } from '~/server/db/client'
import { bookingToIcs } from './ics'
import { outbox } from './outbox-table'
import { MAIL_KINDS, MAIL_KINDS_WITH_CALENDAR, renderMail, type CancelReason, type MailKind } from './templates'
import {
  isSmsKind,
  isStaffAssignmentMailKind,
  isStaffBookingMailKind,
  isStaffMailKind,
  renderContactCodeSms,
  renderStaffAssignmentMail,
  renderStaffBookingMail,
  renderStaffMail,
  type SmsKind,
  type StaffAssignmentMailKind,
  type StaffAssignmentNotice,
  type StaffBookingMailKind,
  type StaffBookingNotice,
  type StaffMailKind,
} from './staff-templates'
import type { MailMessage, MailTransport } from './transport'
import type { SmsMessage, SmsTransport } from '~/server/sms/transport'

type Booking = components['schemas']['Booking']
type ShopContact = components['schemas']['ShopConfig']['contact']
type LocalizedText = components['schemas']['LocalizedText']

export type OutboxRow = typeof outbox.$inferSelect

/** What every mail of a booking carries: the booking as the visitor sees it, in their language. */
type BookingMail = { booking: Booking; locale: Locale; to: string }
/** The link to pay the open amount, when the booking has one. */
type PaymentLinkFields = { paymentUrl?: string; paymentLinkExpiresAt?: string }

type MoneyFields = { amount: number; currency: string }
/** Manage-booking: the link, a move's former dates, the price difference, the fee and refund, who booked (mails to the shop). */
type ManageFields = {
  manageUrl?: string
  from?: { start: string; end: string }
  difference?: MoneyFields
  fee?: MoneyFields
  refund?: MoneyFields
  person?: { firstname: string; surname: string; email: string; phone: string }
}

/** A payload per kind, each a mail of a booking (a kind without its payload fails the type check). */
type EveryKind<T extends Record<MailKind, BookingMail>> = T

/** The payload of each kind of mail, as written to the outbox and read by `composeMessage`. */
export type MailPayloads = EveryKind<{
  'booking.confirmation': BookingMail & PaymentLinkFields & Pick<ManageFields, 'manageUrl'>
  'request.received': BookingMail & PaymentLinkFields
  'request.accepted': BookingMail & PaymentLinkFields & Pick<ManageFields, 'manageUrl'> & { reply?: string }
  'request.declined': BookingMail & { reply?: string }
  'payment.received': BookingMail & { amount: { amount: number; currency: string } }
  'booking.cancelled': BookingMail & { reason: CancelReason; reply?: string }
  // Manage-booking (src/server/domain/manage): the visitor's move, and the shop told of a visitor's cancel or move.
  'booking.moved': BookingMail & PaymentLinkFields & ManageFields
  'booking.visitor_cancelled': BookingMail & ManageFields
  'booking.visitor_moved': BookingMail & ManageFields
  'refund.sent': BookingMail & { amount: { amount: number; currency: string } }
}>

/** The payload of each staff message (ADR 025): the recipient, their language, what the text needs. */
export type StaffMessagePayloads = {
  staff_invitation: { to: string; locale: Locale; name: string; url: string; expiresAt: string }
  staff_password_reset: { to: string; locale: Locale; name: string; url: string; expiresAt: string }
  staff_contact_code: { to: string; locale: Locale; name: string; code: string }
  /** A text message (to a phone number, E.164), handed to the SMS transport. */
  staff_contact_code_sms: { to: string; locale: Locale; code: string }
  /**
   * A new booking / request, to a manager or owner who wants it. `path` is the page in the staff
   * app (`/{locale}/admin/sales/…`); the link is the shop's canonical origin + path, made when sent.
   */
  'staff.booking_received': StaffBookingMessage
  'staff.request_received': StaffBookingMessage
  /**
   * A member assigned as a guide of a date, or taken off it (planning). `path` is the date's
   * participant list in the staff app; the link is the shop's canonical origin + path, made when sent.
   */
  'staff.assigned': StaffAssignmentMessage
  'staff.unassigned': StaffAssignmentMessage
}
type StaffBookingMessage = { to: string; locale: Locale; name: string; path: string; booking: StaffBookingNotice }
type StaffAssignmentMessage = { to: string; locale: Locale; name: string; path: string; assignment: StaffAssignmentNotice }
export type StaffMessageKind = keyof StaffMessagePayloads & (StaffMailKind | SmsKind | StaffBookingMailKind | StaffAssignmentMailKind)

/**
 * Queues a staff e-mail or text message in the caller's transaction (sent only if it commits). A
 * message about a booking (`booking.code`) is listed among that booking's e-mails.
 */
export async function enqueueStaffMessage<K extends StaffMessageKind>(tx: Db, shopId: string, kind: K, payload: StaffMessagePayloads[K]): Promise<void> {
  const booking = (payload as { booking?: { code?: unknown } }).booking
  const bookingCode = typeof booking?.code === 'string' ? booking.code : null
  await tx.insert(outbox).values({ id: randomUUID(), shopId, kind, bookingCode, payload })
}

/**
 * A staff message's payload once it has left (sent, or given up): without the link or code it
 * carried, so the outbox keeps no usable secret after delivery (the link tokens and codes are
 * stored hashed elsewhere; the row stays for the record: kind, recipient, language, times).
 */
export function withoutSecrets(kind: string, payload: Record<string, unknown>): Record<string, unknown> {
  if (!(isStaffMailKind(kind) || isSmsKind(kind))) return payload
  const { url: _url, code: _code, ...rest } = payload
  return rest
}

const staffPayloadSchema = z.object({
  to: z.string().min(3).max(254),
  locale: z.string().optional(),
  name: z.string().max(200).default(''),
  url: z.string().max(2000).optional(),
  expiresAt: z.string().max(64).optional(),
  code: z.string().regex(/^[0-9]{6}$/).optional(),
})

const moneySchema = z.object({ amount: z.number().int(), currency: z.string().regex(/^[A-Z]{3}$/) })
const staffBookingPayloadSchema = z.object({
  to: z.string().min(3).max(254),
  locale: z.string().optional(),
  name: z.string().max(200).default(''),
  path: z.string().regex(/^\/(?!\/)[A-Za-z0-9/_.~%-]{1,500}$/),
  booking: z.object({
    code: z.string().min(1).max(64),
    mode: z.enum(['order', 'request']),
    person: z.object({ firstname: z.string().max(200), surname: z.string().max(200), email: z.string().max(254), phone: z.string().max(64) }),
    company: z.string().max(200).optional(),
    paymentMethod: z.enum(['PAY_NOW', 'PAY_LATER', 'PAY_ON_SITE', 'PAY_LATER_OR_ON_SITE']),
    total: moneySchema,
    message: z.string().max(4000).optional(),
    items: z
      .array(z.object({ offer: z.string().max(500), variant: z.string().max(500).optional(), start: z.string().max(64), end: z.string().max(64), participants: z.number().int().min(0) }))
      .max(100),
  }),
})

const staffAssignmentPayloadSchema = z.object({
  to: z.string().min(3).max(254),
  locale: z.string().optional(),
  name: z.string().max(200).default(''),
  path: z.string().regex(/^\/(?!\/)[A-Za-z0-9/_.~%-]{1,500}$/),
  assignment: z.object({
    sessionId: z.string().min(1).max(64),
    offer: z.string().max(500),
    start: z.string().max(64),
    end: z.string().max(64),
    meetingPoint: z.string().max(500).optional(),
    place: z.string().max(500).optional(),
    by: z.string().max(200).default(''),
  }),
})

/**
 * Queues a mail in the caller's transaction: it is sent (in the background, with retries) if and
 * only if the transaction commits, so a booking is never without its e-mail, nor an e-mail
 * without its booking.
 */
export async function enqueueMail<K extends MailKind>(tx: Db, shopId: string, kind: K, payload: MailPayloads[K]): Promise<void> {
  // The booking an e-mail is about, so that the staff see it among the booking's e-mails.
  const booking = (payload as { booking?: { code?: unknown } }).booking
  const bookingCode = typeof booking?.code === 'string' ? booking.code : null
  await tx.insert(outbox).values({ id: randomUUID(), shopId, kind, bookingCode, payload })
}

/** What the processor needs to know about a shop. */
export type ShopForMail = {
  id: string
  /** The shop's title, or its localised labels (picked per mail locale). */
  title: string | LocalizedText
  contact: ShopContact
  colorPalette: unknown
  timeZone: string
  logoUrl?: string
  successUrl?: string
  /** The shop's canonical origin (`https://host[:port]`), for links into the staff app; never from a request. */
  origin?: string
}

export type OutboxDeps = {
  db: Db
  transport: MailTransport
  /** Where text messages go (rows of an SMS kind); without it they fail and are retried. */
  sms?: SmsTransport
  loadShop: (shopId: string) => Promise<ShopForMail | null>
  /** The From header for a shop's mails, e.g. `"Alpin Abenteuer" <noreply@example.com>`. */
  from: (shop: ShopForMail) => string
  now?: () => Date
  /** Rows claimed per call (default 10). */
  batch?: number
  /** How long a claimed row is reserved for this processor (default 5 min). */
  leaseMs?: number
}

/** Waits after the 1st, 2nd and 3rd (and later) failed attempt. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000] as const
/** After this many failed attempts a row is given up ('failed'). */
export const MAX_ATTEMPTS = 5
const DEFAULT_BATCH = 10
const DEFAULT_LEASE_MS = 5 * 60_000

const payloadSchema = z.object({
  booking: z.looseObject({
    code: z.string().min(1),
    items: z.array(z.looseObject({ start: z.string(), end: z.string() })),
  }),
  locale: z.string().optional(),
  to: z.string().min(3),
  // Added with payments; older rows have none of them.
  paymentUrl: z.string().max(2000).optional(),
  paymentLinkExpiresAt: z.string().max(64).optional(),
  reply: z.string().max(4000).optional(),
  amount: z.object({ amount: z.number().int(), currency: z.string().min(3).max(3) }).optional(),
  reason: z.enum(['payment_deadline', 'staff', 'visitor']).optional(),
  // Manage-booking (older rows have none of them).
  manageUrl: z.string().max(2000).optional(),
  from: z.object({ start: z.string().max(64), end: z.string().max(64) }).optional(),
  difference: z.object({ amount: z.number().int(), currency: z.string().min(3).max(3) }).optional(),
  fee: z.object({ amount: z.number().int(), currency: z.string().min(3).max(3) }).optional(),
  refund: z.object({ amount: z.number().int(), currency: z.string().min(3).max(3) }).optional(),
  person: z.object({ firstname: z.string().max(200), surname: z.string().max(200), email: z.string().max(254), phone: z.string().max(64) }).optional(),
})

/** A failure that no retry will fix (unknown kind, invalid payload). */
class PermanentError extends Error {}

export function backoffMs(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1]!
}

function formatAddress(contact: ShopContact): string | undefined {
  const a = contact.address
  if (!a) return undefined
  const street = [a.street, a.streetNumber].filter(Boolean).join(' ')
  const city = [a.postalCode, a.city].filter(Boolean).join(' ')
  const text = [contact.name, street, city].filter(Boolean).join(', ')
  return text || undefined
}

/** Builds the message of an outbox row (template, and the .ics with confirmations). */
export function composeMessage(
  row: Pick<OutboxRow, 'kind' | 'payload'>,
  shop: ShopForMail,
  from: string,
  now: Date,
): MailMessage {
  if (isStaffMailKind(row.kind)) return composeStaffMessage(row.kind, row.payload, shop, from)
  if (isStaffBookingMailKind(row.kind)) return composeStaffBookingMessage(row.kind, row.payload, shop, from)
  if (isStaffAssignmentMailKind(row.kind)) return composeStaffAssignmentMessage(row.kind, row.payload, shop, from)
  if (!(MAIL_KINDS as readonly string[]).includes(row.kind)) throw new PermanentError(`unknown mail kind: ${row.kind}`)
  const kind = row.kind as MailKind
  const parsed = payloadSchema.safeParse(row.payload)
  if (!parsed.success) throw new PermanentError(`invalid outbox payload: ${parsed.error.message}`)
  const booking = parsed.data.booking as unknown as Booking
  const locale = toLocale(parsed.data.locale)
  const title = (typeof shop.title === 'string' ? shop.title : pickLabel(shop.title, locale)) || shop.contact.name
  const mail = renderMail(kind, {
    booking,
    locale,
    shop: {
      title,
      contact: shop.contact,
      colorPalette: shop.colorPalette,
      timeZone: shop.timeZone,
      logoUrl: shop.logoUrl,
      successUrl: shop.successUrl,
    },
    paymentUrl: parsed.data.paymentUrl,
    paymentLinkExpiresAt: parsed.data.paymentLinkExpiresAt,
    reply: parsed.data.reply,
    amount: parsed.data.amount,
    reason: parsed.data.reason,
    manageUrl: parsed.data.manageUrl,
    from: parsed.data.from,
    difference: parsed.data.difference,
    fee: parsed.data.fee,
    refund: parsed.data.refund,
    person: parsed.data.person,
  })
  const message: MailMessage = { from, to: parsed.data.to, ...mail }
  if (MAIL_KINDS_WITH_CALENDAR.includes(kind) && booking.items.length > 0) {
    const ics = bookingToIcs(
      booking,
      { id: shop.id, name: title, timeZone: shop.timeZone, address: formatAddress(shop.contact) },
      { now, locale },
    )
    message.attachments = [
      { filename: `${booking.code}.ics`, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ]
  }
  return message
}

function shopTitle(shop: ShopForMail, locale: Locale): string {
  return (typeof shop.title === 'string' ? shop.title : pickLabel(shop.title, locale)) || shop.contact.name
}

function staffPayload(payload: unknown) {
  const parsed = staffPayloadSchema.safeParse(payload)
  if (!parsed.success) throw new PermanentError(`invalid outbox payload: ${parsed.error.message}`)
  return { ...parsed.data, locale: toLocale(parsed.data.locale) }
}

function composeStaffMessage(kind: StaffMailKind, payload: unknown, shop: ShopForMail, from: string): MailMessage {
  const data = staffPayload(payload)
  const title = shopTitle(shop, data.locale)
  const shopView = { title, colorPalette: shop.colorPalette, timeZone: shop.timeZone }
  if (kind === 'staff_contact_code') {
    if (!data.code) throw new PermanentError('a code mail without its code')
    return { from, to: data.to, ...renderStaffMail({ kind, name: data.name, code: data.code }, shopView, data.locale) }
  }
  if (!data.url || !data.expiresAt) throw new PermanentError('a link mail without its link')
  return { from, to: data.to, ...renderStaffMail({ kind, name: data.name, url: data.url, expiresAt: data.expiresAt }, shopView, data.locale) }
}

/** A new booking's notice to a staff member; the link is the shop's canonical origin + the page's path. */
function composeStaffBookingMessage(kind: StaffBookingMailKind, payload: unknown, shop: ShopForMail, from: string): MailMessage {
  const parsed = staffBookingPayloadSchema.safeParse(payload)
  if (!parsed.success) throw new PermanentError(`invalid outbox payload: ${parsed.error.message}`)
  const data = parsed.data
  const locale = toLocale(data.locale)
  const shopView = { title: shopTitle(shop, locale), colorPalette: shop.colorPalette, timeZone: shop.timeZone }
  const url = shop.origin ? `${shop.origin}${data.path}` : undefined
  return { from, to: data.to, ...renderStaffBookingMail({ kind, name: data.name, booking: data.booking, url }, shopView, locale) }
}

/** A guide's notice of an assignment (or its end); the link is the shop's canonical origin + the participant list's path. */
function composeStaffAssignmentMessage(kind: StaffAssignmentMailKind, payload: unknown, shop: ShopForMail, from: string): MailMessage {
  const parsed = staffAssignmentPayloadSchema.safeParse(payload)
  if (!parsed.success) throw new PermanentError(`invalid outbox payload: ${parsed.error.message}`)
  const data = parsed.data
  const locale = toLocale(data.locale)
  const shopView = { title: shopTitle(shop, locale), colorPalette: shop.colorPalette, timeZone: shop.timeZone }
  const url = shop.origin ? `${shop.origin}${data.path}` : undefined
  return { from, to: data.to, ...renderStaffAssignmentMail({ kind, name: data.name, assignment: data.assignment, url }, shopView, locale) }
}

/** Builds the text message of an outbox row of an SMS kind. */
export function composeSms(row: Pick<OutboxRow, 'kind' | 'payload'>, shop: ShopForMail): SmsMessage {
  const data = staffPayload(row.payload)
  if (!data.code) throw new PermanentError('a code message without its code')
  return { to: data.to, body: renderContactCodeSms(data.code, shopTitle(shop, data.locale), data.locale) }
}

/** Selects due pending rows with row locks and leases them; returns the claimed rows. */
async function claim(db: Db, at: Date, batch: number, leaseMs: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, at)))
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.createdAt))
      .limit(batch)
      .for('update', { skipLocked: true })
    if (rows.length === 0) return []
    await tx
      .update(outbox)
      .set({ nextAttemptAt: new Date(at.getTime() + leaseMs) })
      .where(
        and(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
          eq(outbox.status, 'pending'),
        ),
      )
    return rows
  })
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return text.slice(0, 2000)
}

/**
 * Sends the due mails of the outbox once. `sent` counts delivered mails, `failed` failed
 * attempts (the row is retried with backoff, or given up after MAX_ATTEMPTS).
 */
export async function processOutbox(deps: OutboxDeps): Promise<{ sent: number; failed: number }> {
  const now = deps.now ?? (() => new Date())
  const rows = await claim(deps.db, now(), deps.batch ?? DEFAULT_BATCH, deps.leaseMs ?? DEFAULT_LEASE_MS)
  let sent = 0
  let failed = 0
  for (const row of rows) {
    try {
      const shop = await deps.loadShop(row.shopId)
      if (!shop) throw new Error(`shop not found: ${row.shopId}`)
      if (isSmsKind(row.kind)) {
        if (!deps.sms) throw new Error('no text-message transport')
        await deps.sms.send(composeSms(row, shop))
      } else {
        await deps.transport.send(composeMessage(row, shop, deps.from(shop), now()))
      }
      await deps.db
        .update(outbox)
        .set({ status: 'sent', sentAt: now(), lastError: null, payload: withoutSecrets(row.kind, row.payload) })
        .where(eq(outbox.id, row.id))
      sent++
    } catch (error) {
      failed++
      const attempts = row.attempts + 1
      const giveUp = attempts >= MAX_ATTEMPTS || error instanceof PermanentError
      const at = now()
      await deps.db
        .update(outbox)
        .set({
          attempts,
          lastError: errorText(error),
          status: giveUp ? 'failed' : 'pending',
          nextAttemptAt: giveUp ? at : new Date(at.getTime() + backoffMs(attempts)),
          ...(giveUp ? { payload: withoutSecrets(row.kind, row.payload) } : {}),
        })
        .where(eq(outbox.id, row.id))
    }
  }
  return { sent, failed }
}

export type OutboxWorker = { stop(): Promise<void> }

/**
 * Runs processOutbox every `intervalMs` (default 2000) — the next run is scheduled only after
 * the previous one finished, so runs never overlap. `stop()` waits for a running pass.
 */
export function startOutboxWorker(
  deps: OutboxDeps & { intervalMs?: number; onError?: (error: unknown) => void },
): OutboxWorker {
  const intervalMs = deps.intervalMs ?? 2000
  const onError = deps.onError ?? ((error: unknown) => console.error('[outbox] processing failed:', errorText(error)))
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined

  const schedule = (delay: number) => {
    timer = setTimeout(tick, delay)
    timer.unref?.()
  }
  const tick = () => {
    timer = undefined
    if (stopped) return
    running = processOutbox(deps)
      .then(
        () => undefined,
        (error: unknown) => {
          try {
            onError(error)
          } catch {
            // a failing error handler must not stop the worker
          }
        },
      )
      .finally(() => {
        running = undefined
        if (!stopped) schedule(intervalMs)
      })
  }
  schedule(0)

  return {
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = undefined
      await running
    },
  }
}
