import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/client'
import { BACKOFF_MS, MAX_ATTEMPTS, processOutbox, startOutboxWorker, type OutboxDeps, type ShopForMail } from './outbox'
import { outbox } from './outbox-table'
import { migrateDatabase } from '../db/migrate'
import { bookingFixture, readMail, shopFixture, startSmtpServer, type LocalSmtp } from '../../../tests/support/mail'
import { createTransport, type MailMessage, type MailTransport } from './transport'
import type { MailKind } from './templates'

let database: Database
let smtp: LocalSmtp

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' })
  await migrateDatabase(database) // the real migrations, outbox included
  smtp = await startSmtpServer()
})

afterAll(async () => {
  await smtp?.close()
  await database?.close()
})

beforeEach(async () => {
  await database.db.delete(outbox)
  smtp.messages.length = 0
})

const shops: Record<string, ShopForMail> = { alpin: shopFixture() }

function deps(overrides: Partial<OutboxDeps> = {}): OutboxDeps {
  return {
    db: database.db,
    transport: createTransport({ smtpUrl: smtp.url, mailDir: '/nonexistent' }),
    loadShop: async (id) => shops[id] ?? null,
    from: (shop) => `"${shop.contact.name}" <noreply@shop.example>`,
    ...overrides,
  }
}

async function enqueue(
  kind: MailKind,
  options: { code?: string; locale?: 'de' | 'en' | 'fr'; shopId?: string; nextAttemptAt?: Date; payload?: Record<string, unknown> } = {},
) {
  const id = randomUUID()
  const booking = bookingFixture({
    code: options.code ?? 'K7Q2-X9PM',
    ...(kind === 'request.received' ? { mode: 'request', status: 'REQUESTED', paymentMethod: 'PAY_LATER' } : {}),
  })
  await database.db.insert(outbox).values({
    id,
    shopId: options.shopId ?? 'alpin',
    kind,
    payload: options.payload ?? { booking, locale: options.locale ?? 'de', to: 'anna@example.ch' },
    ...(options.nextAttemptAt ? { nextAttemptAt: options.nextAttemptAt } : {}),
  })
  return id
}

async function row(id: string) {
  const [found] = await database.db.select().from(outbox).where(eq(outbox.id, id))
  return found!
}

describe('processOutbox over SMTP', () => {
  it('sends a booking confirmation with the .ics attachment and marks it sent', async () => {
    const id = await enqueue('booking.confirmation', { locale: 'de' })
    expect(await processOutbox(deps())).toEqual({ sent: 1, failed: 0 })
    await smtp.waitFor(1)
    const received = smtp.messages[0]!
    expect(received.to).toEqual(['anna@example.ch'])
    expect(received.from).toBe('noreply@shop.example')
    const mail = readMail(received.raw)
    expect(mail.subject).toBe('Buchungsbestätigung K7Q2-X9PM – Alpin Abenteuer')
    expect(mail.text).toContain('Buchungscode: K7Q2-X9PM')
    expect(mail.html).toContain('K7Q2-X9PM')
    expect(mail.html).toContain('rgb(14, 116, 144)')
    const calendar = mail.calendar!
    expect(calendar).toBeDefined()
    expect(calendar.headers['content-type']).toMatch(/^text\/calendar/)
    expect(calendar.headers['content-disposition']).toMatch(/attachment; filename=K7Q2-X9PM\.ics|filename="K7Q2-X9PM\.ics"/)
    expect(calendar.body).toContain('BEGIN:VCALENDAR\r\n')
    expect(calendar.body).toContain('UID:K7Q2-X9PM-0@alpin')
    expect(calendar.body).toContain('DTSTART:20250614T070000Z')

    const stored = await row(id)
    expect(stored.status).toBe('sent')
    expect(stored.sentAt).toBeInstanceOf(Date)
    expect(stored.attempts).toBe(0)
    // nothing left to do
    expect(await processOutbox(deps())).toEqual({ sent: 0, failed: 0 })
    expect(smtp.messages).toHaveLength(1)
  })

  it('sends a request confirmation in French, without calendar', async () => {
    await enqueue('request.received', { locale: 'fr', code: 'FR12-3456' })
    expect(await processOutbox(deps())).toEqual({ sent: 1, failed: 0 })
    await smtp.waitFor(1)
    const mail = readMail(smtp.messages[0]!.raw)
    expect(mail.subject).toBe('Votre demande FR12-3456 a bien été reçue – Aventures alpines')
    expect(mail.text).toContain('Nous vérifions maintenant les disponibilités')
    expect(mail.text).toContain('FR12-3456')
    expect(mail.html).toContain('<html lang="fr">')
    expect(mail.calendar).toBeUndefined()
  })

  it.each([
    ['request.accepted', true, 'Anfrage K7Q2-X9PM ist bestätigt'],
    ['payment.received', true, 'Zahlung erhalten für Buchung K7Q2-X9PM'],
    ['request.declined', false, 'leider keine Zusage'],
  ] as const)('sends %s (calendar: %s) with the payment fields of its payload', async (kind, calendar, subject) => {
    const booking = bookingFixture({ mode: 'request', status: kind === 'request.declined' ? 'DECLINED' : 'ACCEPTED', paymentMethod: 'PAY_LATER' })
    const paymentUrl = 'https://alpin.example.ch/de/aftersales/payment/HrlKkClh1R2NxtK1bGqJ3mJQv4B6BETM7PJxzThzI04'
    await enqueue(kind, { payload: { booking, locale: 'de', to: 'anna@example.ch', paymentUrl, reply: 'Bis bald!', amount: { amount: 12000, currency: 'CHF' } } })
    expect(await processOutbox(deps())).toEqual({ sent: 1, failed: 0 })
    await smtp.waitFor(1)
    const mail = readMail(smtp.messages[0]!.raw)
    expect(mail.subject).toContain(subject)
    if (calendar) expect(mail.calendar?.body).toContain('BEGIN:VEVENT')
    else expect(mail.calendar).toBeUndefined()
    if (kind === 'request.accepted') expect(mail.text).toContain(paymentUrl)
    if (kind !== 'payment.received') expect(mail.text).toContain('Bis bald!')
  })

  it('sends only due rows', async () => {
    const now = new Date('2025-06-01T10:00:00Z')
    await enqueue('booking.confirmation', { code: 'LATE-0001', nextAttemptAt: new Date(now.getTime() + 60_000) })
    expect(await processOutbox(deps({ now: () => now }))).toEqual({ sent: 0, failed: 0 })
    expect(await processOutbox(deps({ now: () => new Date(now.getTime() + 60_000) }))).toEqual({ sent: 1, failed: 0 })
  })

  it('never sends a message twice when two processors run at the same time', async () => {
    const codes = Array.from({ length: 9 }, (_, i) => `CONC-000${i}`)
    for (const code of codes) await enqueue('booking.confirmation', { code })
    const smtpTransport = createTransport({ smtpUrl: smtp.url, mailDir: '/nonexistent' })
    // a slow transport so that the processors' passes interleave
    const slow: MailTransport = {
      send: async (message) => {
        await new Promise((r) => setTimeout(r, 15))
        return smtpTransport.send(message)
      },
    }
    const drain = async () => {
      let total = 0
      for (;;) {
        const { sent } = await processOutbox(deps({ transport: slow, batch: 2 }))
        if (sent === 0) return total
        total += sent
      }
    }
    const [a, b] = await Promise.all([drain(), drain(), processOutbox(deps({ transport: slow, batch: 4 }))]).then(
      ([x, y, z]) => [x + z.sent, y] as const,
    )
    expect(a + b).toBe(codes.length)
    expect(a).toBeGreaterThan(0)
    expect(b).toBeGreaterThan(0)
    await smtp.waitFor(codes.length)
    await new Promise((r) => setTimeout(r, 100))
    const subjects = smtp.messages.map((m) => readMail(m.raw).subject)
    expect(subjects).toHaveLength(codes.length)
    for (const code of codes) expect(subjects.filter((s) => s.includes(code))).toHaveLength(1)
    const rows = await database.db.select().from(outbox)
    expect(rows.every((r) => r.status === 'sent')).toBe(true)
  })
})

describe('processOutbox with the file transport', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-eml-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('writes an .eml file containing the subject', async () => {
    const id = await enqueue('booking.confirmation', { locale: 'en', code: 'EML1-2345' })
    expect(await processOutbox(deps({ transport: createTransport({ mailDir: dir }) }))).toEqual({ sent: 1, failed: 0 })
    const files = await readdir(dir)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/-booking-confirmation-eml1-2345-alpine-adventures\.eml$/)
    const raw = await readFile(join(dir, files[0]!), 'utf8')
    expect(raw).toMatch(/^Subject: /m)
    const mail = readMail(raw)
    expect(mail.subject).toBe('Booking confirmation EML1-2345 – Alpine Adventures')
    expect(mail.calendar?.body).toContain('UID:EML1-2345-0@alpin')
    expect((await row(id)).status).toBe('sent')
  })

  it('keeps no link or code of a staff message once it has left: sent, or given up', async () => {
    const invitation = randomUUID()
    const url = 'https://alpin.example/en/admin/password/Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0'
    const payload = { to: 'rita@alpin.example', locale: 'en', name: 'Rita', url, expiresAt: '2026-12-01T10:00:00.000Z' }
    await database.db.insert(outbox).values({ id: invitation, shopId: 'alpin', kind: 'staff_invitation', payload })
    const sms = randomUUID()
    await database.db.insert(outbox).values({ id: sms, shopId: 'alpin', kind: 'staff_contact_code_sms', payload: { to: '+41799000000', locale: 'de', code: '482913' }, attempts: MAX_ATTEMPTS - 1 })
    // no text-message transport: the last attempt fails and the row is given up
    expect(await processOutbox(deps({ transport: createTransport({ mailDir: dir }) }))).toEqual({ sent: 1, failed: 1 })
    const files = await readdir(dir)
    const raw = await readFile(join(dir, files.find((f) => f.includes('staff'))!), 'utf8')
    expect(readMail(raw).text).toContain(url) // the mail had the link
    const sent = await row(invitation)
    expect(sent.status).toBe('sent')
    expect(sent.payload).toEqual({ to: 'rita@alpin.example', locale: 'en', name: 'Rita', expiresAt: '2026-12-01T10:00:00.000Z' })
    const failed = await row(sms)
    expect(failed.status).toBe('failed')
    expect(failed.payload).toEqual({ to: '+41799000000', locale: 'de' })
  })
})

describe('failures', () => {
  it('retries with backoff (1, 5, 30, 30 min) and gives up after 5 attempts', async () => {
    let clock = Date.now() + 1000 // rows are due from the database's now()
    let calls = 0
    const failing: MailTransport = {
      send: async () => {
        calls++
        throw new Error(`connection refused #${calls}`)
      },
    }
    const d = deps({ transport: failing, now: () => new Date(clock) })
    const id = await enqueue('booking.confirmation')
    const waits = [BACKOFF_MS[0], BACKOFF_MS[1], BACKOFF_MS[2], BACKOFF_MS[2]]
    expect(waits).toEqual([60_000, 300_000, 1_800_000, 1_800_000])

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await processOutbox(d)).toEqual({ sent: 0, failed: 1 })
      const stored = await row(id)
      expect(stored.status).toBe('pending')
      expect(stored.attempts).toBe(attempt)
      expect(stored.lastError).toContain(`connection refused #${attempt}`)
      const wait = waits[attempt - 1]!
      expect(stored.nextAttemptAt.getTime()).toBe(clock + wait)
      // not due a moment before the backoff ends
      clock += wait - 1000
      expect(await processOutbox(d)).toEqual({ sent: 0, failed: 0 })
      clock += 1000
    }
    expect(await processOutbox(d)).toEqual({ sent: 0, failed: 1 })
    const final = await row(id)
    expect(final.status).toBe('failed')
    expect(final.attempts).toBe(MAX_ATTEMPTS)
    expect(final.lastError).toContain('connection refused #5')
    expect(final.sentAt).toBeNull()

    clock += 24 * 60 * 60_000
    expect(await processOutbox(d)).toEqual({ sent: 0, failed: 0 })
    expect(calls).toBe(MAX_ATTEMPTS)
  })

  it('recovers when the transport works again', async () => {
    let clock = Date.now() + 1000 // rows are due from the database's now()
    const id = await enqueue('booking.confirmation')
    const failing: MailTransport = { send: async () => Promise.reject(new Error('421 try again later')) }
    expect(await processOutbox(deps({ transport: failing, now: () => new Date(clock) }))).toEqual({ sent: 0, failed: 1 })
    clock += BACKOFF_MS[0]
    expect(await processOutbox(deps({ now: () => new Date(clock) }))).toEqual({ sent: 1, failed: 0 })
    const stored = await row(id)
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
    await smtp.waitFor(1)
  })

  it('retries when the shop is unknown, and gives up at once on an invalid payload or kind', async () => {
    const unknownShop = await enqueue('booking.confirmation', { shopId: 'gone' })
    const badPayload = await enqueue('booking.confirmation', { payload: { nope: true } })
    const badKind = randomUUID()
    await database.db.insert(outbox).values({
      id: badKind,
      shopId: 'alpin',
      kind: 'newsletter',
      payload: { booking: bookingFixture(), locale: 'de', to: 'anna@example.ch' },
    })
    expect(await processOutbox(deps())).toEqual({ sent: 0, failed: 3 })
    expect(await row(unknownShop)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Error: shop not found: gone' })
    expect(await row(badPayload)).toMatchObject({ status: 'failed', attempts: 1 })
    expect((await row(badPayload)).lastError).toContain('invalid outbox payload')
    expect(await row(badKind)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Error: unknown mail kind: newsletter' })
    expect(smtp.messages).toHaveLength(0)
  })
})

describe('startOutboxWorker', () => {
  it('sends in the background without overlapping runs, and stop() waits for the running pass', async () => {
    const codes = Array.from({ length: 5 }, (_, i) => `WORK-000${i}`)
    for (const code of codes) await enqueue('booking.confirmation', { code })
    const sent: MailMessage[] = []
    let inFlight = 0
    let maxInFlight = 0
    const transport: MailTransport = {
      send: async (message) => {
        inFlight++
        maxInFlight = Math.max(maxInFlight, inFlight)
        await new Promise((r) => setTimeout(r, 25)) // longer than the interval
        sent.push(message)
        inFlight--
        return { id: String(sent.length) }
      },
    }
    const worker = startOutboxWorker({ ...deps({ transport, batch: 1 }), intervalMs: 5 })
    const until = Date.now() + 5000
    while (sent.length < codes.length && Date.now() < until) await new Promise((r) => setTimeout(r, 10))
    await worker.stop()
    const afterStop = sent.length
    expect(afterStop).toBe(codes.length)
    expect(maxInFlight).toBe(1)
    expect(inFlight).toBe(0)
    await new Promise((r) => setTimeout(r, 50))
    expect(sent.length).toBe(afterStop)
    expect(new Set(sent.map((m) => m.subject)).size).toBe(codes.length)
  })

  it('keeps running after a failing pass', async () => {
    const errors: unknown[] = []
    let calls = 0
    const worker = startOutboxWorker({
      ...deps(),
      intervalMs: 5,
      onError: (error) => errors.push(error),
      db: new Proxy(database.db, {
        get(target, prop, receiver) {
          if (prop === 'transaction') {
            calls++
            if (calls === 1) return () => Promise.reject(new Error('database is down'))
          }
          return Reflect.get(target, prop, receiver)
        },
      }),
    })
    await enqueue('booking.confirmation', { code: 'BACK-0001' })
    await smtp.waitFor(1)
    await worker.stop()
    expect(errors).toHaveLength(1)
    expect(String(errors[0])).toContain('database is down')
  })
})
