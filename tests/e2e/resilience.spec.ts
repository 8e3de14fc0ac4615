/**
 * Resilience, against the production build in real server processes:
 * - two processes on one PostgreSQL: holds, bookings and payments stay correct across them;
 * - PostgreSQL going away under load (a TCP proxy in between is cut and restored): requests fail
 *   cleanly with 503 and recover, no confirmed booking is lost or doubled;
 * - PGlite: the server killed mid-checkout, then the data is consistent after a restart.
 * No browser: plain HTTP from the test process.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { createServer, Socket, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { cartWithPlace, checkoutBody, findSession, placesLeft, visitor } from '../../scripts/lib/shop-api'
import { startServeProcess, stopServeProcess, type ServeProcess } from '../../scripts/lib/serve-process'
import pg from 'pg'
import { freshPostgresDatabase } from '../support/postgres-database'
import { POSTGRES_HINT, postgresMissingUnderCi, postgresUrl, underCi } from '../support/postgres-env'


type Started = ServeProcess

/**
 * Many writes from one address: the rate limit is raised, as in playwright.config.ts. One process
 * per server (no workers, ADR 038): these are tests of processes on one database, each its own.
 */
const startServer = (port: number, env: Record<string, string>) =>
  startServeProcess(port, { RATE_LIMIT_WRITES_PER_MINUTE: '5000', RATE_LIMIT_READS_PER_MINUTE: '100000', WEB_CONCURRENCY: '1', ...env }, 60_000)
const stop = stopServeProcess

test.describe('resilience', () => {
  test.describe.configure({ mode: 'serial' })
  test.setTimeout(180_000)

  test('two server processes on one PostgreSQL: the last places, bookings and a payment stay correct across them', async () => {
    if (!postgresUrl && underCi) throw postgresMissingUnderCi('two processes on one PostgreSQL')
    test.skip(!postgresUrl, `${POSTGRES_HINT}: the two-process test needs PostgreSQL`)
    const database = await freshPostgresDatabase('webshop_resilience')
    let a: Started | undefined
    let b: Started | undefined
    try {
      // Both start at once, as two containers would (one seeds, the other waits for it).
      ;[a, b] = await Promise.all([
        startServer(4195, { DATABASE_URL: database.url.href, DATA_DIR: mkdtempSync(join(tmpdir(), 'res-a-')) }),
        startServer(4196, { DATABASE_URL: database.url.href, DATA_DIR: mkdtempSync(join(tmpdir(), 'res-b-')) }),
      ])
      const [va, vb] = await Promise.all([visitor(a.origin), visitor(b.origin)])
      const session = await findSession(va, 2)
      const left = session.placesLeft
      // left + 4 visitors, alternating between the processes, race for one place each.
      const attempts = await Promise.all(Array.from({ length: left + 4 }, (_, i) => cartWithPlace(i % 2 ? vb : va, session)))
      const held = attempts.filter((r) => r.status === 201)
      expect(held).toHaveLength(left)
      expect(attempts.filter((r) => r.status === 409)).toHaveLength(4)
      // Every holder books, each on the other process than the one that holds its cart.
      const booked = await Promise.all(held.map((h, i) => (i % 2 ? va : vb).post(`/api/webshop/v1/carts/${h.cart}/checkout`, checkoutBody(h.itemId!, 'PAY_LATER'))))
      expect(booked.map((r) => r.status)).toEqual(held.map(() => 201))
      expect(await placesLeft(va, session)).toBe(0)
      expect(await placesLeft(vb, session)).toBe(0)

      // A payment started on A, paid on B's sandbox page, confirmed once for both.
      const first = (await booked[0]!.json()).data
      const token = first.paymentLink.token as string
      const started = (await (await va.post(`/api/webshop/v1/payment-links/${token}/payments`, {})).json()).data
      const ref = new URL(started.redirectUrl).pathname.split('/').pop()!
      const paid = await fetch(`${b.origin}/api/sandbox-pay/v1/sessions/${ref}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=pay', redirect: 'manual' })
      expect(paid.status).toBe(303)
      await expect
        .poll(async () => (await (await va.get(`/api/webshop/v1/payment-links/${token}`)).json()).data.paymentState, { timeout: 15_000 })
        .toBe('paid')
      const view = (await (await vb.get(`/api/webshop/v1/payment-links/${token}`)).json()).data
      expect(view).toMatchObject({ status: 'PAID', openAmount: { amount: 0 }, payments: [{ status: 'succeeded' }] })
    } finally {
      await Promise.all([stop(a), stop(b)])
      await database.drop()
    }
  })

  test('PostgreSQL going away under load: clean 503s, recovery, no booking lost or doubled', async () => {
    if (!postgresUrl && underCi) throw postgresMissingUnderCi('PostgreSQL cut under load')
    test.skip(!postgresUrl, `${POSTGRES_HINT}: this test cuts the connection to PostgreSQL`)
    const database = await freshPostgresDatabase('webshop_resilience')
    // A TCP proxy between the app and PostgreSQL that the test cuts and restores.
    const target = { host: database.url.hostname, port: Number(database.url.port || 5432) }
    const sockets = new Set<Socket>()
    let proxy: Server | undefined
    const openProxy = () =>
      new Promise<void>((resolve) => {
        proxy = createServer((client) => {
          const upstream = new Socket()
          upstream.connect(target.port, target.host)
          for (const s of [client, upstream]) {
            sockets.add(s)
            s.on('close', () => sockets.delete(s))
            s.on('error', () => s.destroy())
          }
          client.pipe(upstream).pipe(client)
        })
        proxy.listen(4198, '127.0.0.1', () => resolve())
      })
    const cut = () =>
      new Promise<void>((resolve) => {
        proxy!.close(() => resolve())
        for (const s of sockets) s.destroy()
      })
    await openProxy()
    const viaProxy = new URL(database.url.href)
    viaProxy.host = '127.0.0.1:4198'
    let app: Started | undefined
    try {
      app = await startServer(4197, { DATABASE_URL: viaProxy.href, DATA_DIR: mkdtempSync(join(tmpdir(), 'res-pg-')) })
      const v = await visitor(app.origin)
      const session = await findSession(v, 6)
      const before = await Promise.all(Array.from({ length: 2 }, () => cartWithPlace(v, session)))
      const bookedBefore = await Promise.all(before.map((c) => v.post(`/api/webshop/v1/carts/${c.cart}/checkout`, checkoutBody(c.itemId!))))
      expect(bookedBefore.map((r) => r.status)).toEqual([201, 201])

      // Carts ready to book; the database goes away while they are submitted.
      const during = await Promise.all(Array.from({ length: 3 }, () => cartWithPlace(v, session)))
      const keys = during.map(() => randomUUID())
      await cut()
      const failed = await Promise.all([
        ...during.map((c, i) => v.post(`/api/webshop/v1/carts/${c.cart}/checkout`, checkoutBody(c.itemId!), keys[i])),
        v.get(`/api/webshop/v1/carts/${during[0]!.cart}`),
      ])
      for (const response of failed) {
        expect(response.status).toBe(503)
        expect(response.headers.get('retry-after')).toBe('5')
        expect(await response.json()).toMatchObject({ statusCode: 503, data: { code: 'service.unavailable' } })
      }
      expect(app.process.exitCode).toBeNull() // still serving
      await openProxy()
      // The visitors retry with the same keys: each cart is booked exactly once.
      await expect.poll(async () => (await v.get(`/api/webshop/v1/carts/${during[0]!.cart}`)).status, { timeout: 20_000 }).toBe(200)
      const retried = await Promise.all(during.map((c, i) => v.post(`/api/webshop/v1/carts/${c.cart}/checkout`, checkoutBody(c.itemId!), keys[i])))
      expect(retried.map((r) => r.status)).toEqual([201, 201, 201])
      const again = await Promise.all(during.map((c) => v.post(`/api/webshop/v1/carts/${c.cart}/checkout`, checkoutBody(c.itemId!))))
      const codes = await Promise.all([...retried, ...again].map(async (r) => (await r.json()).data.code as string))
      expect(new Set(codes).size).toBe(3)
      // Nothing lost: the bookings from before are still there.
      for (const c of before) expect((await v.get(`/api/webshop/v1/carts/${c.cart}/booking`)).status).toBe(200)
      const check = new pg.Client({ connectionString: database.url.href })
      await check.connect()
      const { rows } = await check.query('select count(*)::int as n from bookings')
      await check.end()
      expect(rows[0].n).toBe(5)
      expect(await placesLeft(v, session)).toBe(session.placesLeft - 5)
    } finally {
      await stop(app)
      await new Promise<void>((resolve) => (proxy?.listening ? proxy.close(() => resolve()) : resolve()))
      for (const s of sockets) s.destroy()
      await database.drop()
    }
  })

  test('PGlite: the server killed mid-checkout, then the data is consistent after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'res-pglite-'))
    let app: Started | undefined = await startServer(4199, { DATABASE_URL: '', DATA_DIR: dataDir })
    try {
      // a first start creates and seeds the database in a process of its own, then serves it (ADR 037)
      const dbLines = app.output().split('\n').filter((line) => line.startsWith('[db] '))
      expect(dbLines).toEqual([expect.stringMatching(/: migrated, demo shops seeded in \d+ ms$/), expect.stringMatching(/: migrated in \d+ ms$/)])
      const v = await visitor(app.origin)
      const session = await findSession(v, 8)
      const carts = await Promise.all(Array.from({ length: 8 }, () => cartWithPlace(v, session)))
      expect(carts.every((c) => c.status === 201)).toBe(true)
      // Submit them all and kill the process while they are in flight.
      const submits = carts.map((c) => v.post(`/api/webshop/v1/carts/${c.cart}/checkout`, checkoutBody(c.itemId!)).then((r) => r.status, () => 0))
      await new Promise((r) => setTimeout(r, 40))
      await stop(app, 'SIGKILL')
      const statuses = await Promise.all(submits)
      const answered = statuses.filter((s) => s === 201).length

      // Restart on the same data: the server comes up and the books balance.
      app = await startServer(4199, { DATABASE_URL: '', DATA_DIR: dataDir })
      expect(app.output().split('\n').filter((line) => line.startsWith('[db] '))).toEqual([expect.stringMatching(/: migrated in \d+ ms$/)])
      const w = await visitor(app.origin)
      const results = await Promise.all(carts.map(async (c) => (await w.get(`/api/webshop/v1/carts/${c.cart}/booking`)).status))
      const booked = results.filter((s) => s === 200).length
      expect(booked).toBeGreaterThanOrEqual(answered) // every answered booking survived
      const left = await placesLeft(w, session)
      // Places taken match the bookings made; unbooked carts still hold theirs (or expired).
      const unbooked = results.filter((s) => s === 404).length
      for (const [i, c] of carts.entries()) {
        const cart = await (await w.get(`/api/webshop/v1/carts/${c.cart}`)).json()
        if (results[i] === 200) expect(cart.data.items).toEqual([]) // a booked cart holds nothing any more
        else expect(cart.data.items).toHaveLength(1) // an unbooked one still has its hold
      }
      expect(left).toBe(session.placesLeft - booked - unbooked)
      // And the unbooked carts can still be booked now.
      const finish = await Promise.all(carts.filter((_, i) => results[i] === 404).map((c) => w.post(`/api/webshop/v1/carts/${c.cart}/checkout`, checkoutBody(c.itemId!))))
      expect(finish.every((r) => r.status === 201)).toBe(true)
      expect(await placesLeft(w, session)).toBe(session.placesLeft - carts.length)
    } finally {
      await stop(app)
    }
  })
})
