import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { bookings, outbox } from '../../src/server/db/schema'
import { addDays, utcToZonedDate, zonedDateTimeToUtc } from '../../src/server/domain/offers/zoned-time'
import type { TestApp } from './app'

/**
 * Writes to the test app as a visitor of `origin`: the session's anti-forgery headers, a fresh
 * idempotency key, English answers. `session` is read at each call (suites set it up in beforeAll).
 */
export function visitorCalls(origin: string, session: () => { app: TestApp; headers: Record<string, string> }) {
  return (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const { app, headers } = session()
    return app.call(`${origin}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-flowin-locale': 'en', ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }
}

/** 10:00 in `timeZone`, `days` after the day `now()` falls on there. */
export function tenOClock(now: () => number, timeZone: string) {
  return (days: number) => zonedDateTimeToUtc(addDays(utcToZonedDate(new Date(now()), timeZone), days), '10:00', timeZone)!
}

/** The anti-forgery pair a visitor of `origin` sends with each write (cookie and header). */
export async function xsrfHeaders(app: TestApp, origin: string): Promise<Record<string, string>> {
  const cookie = await app.call(`${origin}/sanctum/csrf-cookie`)
  const token = (cookie.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=').slice(1).join('=')
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token }
}

/** A booking's row and the e-mails of a kind queued for it, read straight from the database. */
export function bookingRecords(app: () => TestApp) {
  return {
    bookingRow: async (code: string) => (await app().database.db.select().from(bookings).where(eq(bookings.code, code)))[0]!,
    mailsOf: async (code: string, kind: string) =>
      (await app().database.db.select().from(outbox).where(eq(outbox.kind, kind))).filter((m) => (m.payload as { booking: { code: string } }).booking.code === code),
  }
}
