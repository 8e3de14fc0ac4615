import { createHash } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { idempotencyKeys } from '~/server/db/schema'
import { HttpError } from './problem'

const KEY = /^[A-Za-z0-9_-]{8,128}$/
const KEEP_HOURS = 24
const ABANDONED_MS = 60_000
const WAIT_MS = 10_000

export function fingerprint(method: string, path: string, body: string) {
  return createHash('sha256').update(`${method}\n${path}\n${body}`).digest('hex')
}

export function checkIdempotencyKey(key: string | null): string {
  if (!key) {
    throw new HttpError(400, 'Invalid enquiry', 'The Idempotency-Key header is required for this call.', {
      code: 'idempotency.missing',
    })
  }
  if (!KEY.test(key)) {
    throw new HttpError(
      400,
      'Invalid enquiry',
      'The Idempotency-Key header must be 8 to 128 characters of A-Z, a-z, 0-9, _ and -.',
      { code: 'idempotency.malformed' },
    )
  }
  return key
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Runs `execute` once per (shop, key). A repetition with the same request gets the stored
 * answer again (header `idempotent-replayed: true`); with another request, 422. While the first
 * is still running, a repetition waits for its answer (and gets 409 if it takes too long).
 * Server errors (5xx) are not stored, so the client's retry can succeed.
 */
export async function withIdempotency(
  db: Db,
  shopId: string,
  key: string,
  print: string,
  execute: () => Promise<Response>,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    if (await claim(db, shopId, key, print)) break
    const stored = await replay(db, shopId, key, print)
    if (stored) return stored
    // The first attempt failed and released its claim: this one may run now.
    if (attempt >= 2) throw new HttpError(409, 'Conflict', 'Please send the request again.', { code: 'idempotency.retry' })
  }

  let response: Response
  try {
    response = await execute()
  } catch (error) {
    await release(db, shopId, key)
    throw error
  }
  if (response.status >= 500) {
    await release(db, shopId, key)
    return response
  }
  const body = await response.text()
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: response.status, responseHeaders: headers, responseBody: body })
    .where(and(eq(idempotencyKeys.shopId, shopId), eq(idempotencyKeys.key, key)))
  return new Response(bodyOf(response.status, body), { status: response.status, headers: response.headers })
}

/** Whether a call with this key was made before (answered, still running, or claimed). */
export async function isKnownKey(db: Db, shopId: string, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.shopId, shopId), eq(idempotencyKeys.key, key)))
    .limit(1)
  return rows.length > 0
}

/** A 204 (sign out, password changed) has no body: a Response refuses even an empty one. */
const bodyOf = (status: number, body: string | null) => (status === 204 || status === 205 || status === 304 ? null : body)

async function claim(db: Db, shopId: string, key: string, print: string): Promise<boolean> {
  if (Math.random() < 0.01) {
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`))
  }
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ shopId, key, fingerprint: print })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (inserted.length > 0) return true
  // A pending claim whose process died long ago is taken over.
  const taken = await db
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.shopId, shopId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.fingerprint, print),
        eq(idempotencyKeys.state, 'pending'),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_MS / 1000})`),
      ),
    )
    .returning({ key: idempotencyKeys.key })
  return taken.length > 0
}

async function release(db: Db, shopId: string, key: string) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.shopId, shopId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'pending')),
    )
}

async function replay(db: Db, shopId: string, key: string, print: string): Promise<Response | null> {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const rows = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.shopId, shopId), eq(idempotencyKeys.key, key)))
      .limit(1)
    const row = rows[0]
    if (row && row.fingerprint !== print) {
      throw new HttpError(
        422,
        'Unprocessable request',
        'This Idempotency-Key was already used for a different request.',
        { code: 'idempotency.mismatch' },
      )
    }
    if (row && row.state === 'done' && row.responseStatus !== null) {
      return new Response(bodyOf(row.responseStatus, row.responseBody), {
        status: row.responseStatus,
        headers: { ...(row.responseHeaders ?? {}), 'idempotent-replayed': 'true' },
      })
    }
    if (!row) return null
    if (Date.now() > deadline) {
      throw new HttpError(
        409,
        'Conflict',
        'A request with this Idempotency-Key is still being processed. Please try again shortly.',
        { code: 'idempotency.in_progress' },
      )
    }
    await sleep(50)
  }
}
