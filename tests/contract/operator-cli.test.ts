import { execFile } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { describeEachDatabase } from '../support/databases'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { createOffer } from '../support/factories'
import { createOperatorToken } from '../../src/server/domain/operator'
import { bookings, outbox } from '../../src/server/db/schema'

const run = promisify(execFile)

/** `npm run operator` against a real HTTP server in front of the built-in API. */
describeEachDatabase('operator CLI', (factory) => {
  let app: TestApp
  let server: Server
  let url: string
  let token: string
  let code: string

  beforeAll(async () => {
    app = await createTestApp(factory)
    token = await createOperatorToken(app.database.db, 'alpin', 'cli test')
    const offer = await createOffer(app.database.db, { slug: 'cli-request', uponRequest: true, sessions: [{ startsAt: new Date(Date.now() + 5 * 86_400_000), capacity: 10 }] })
    const client = app.client({ locale: 'de' })
    const cart = (await client.POST('/api/webshop/v1/carts', {})).data!.data.id
    const added = await client.POST('/api/webshop/v1/carts/{cartId}/items', {
      params: { path: { cartId: cart } },
      body: { offer: 'cli-request', sku: offer.skus[0]!.id, sessionId: offer.sessions[0]!.id, quantity: 1 },
    })
    const booked = await client.POST('/api/webshop/v1/carts/{cartId}/checkout', {
      params: { path: { cartId: cart } },
      body: {
        mode: 'request',
        items: [{ itemId: added.data!.data.items[0]!.id, participants: [{ firstname: 'Anna', surname: 'Muster', extras: [] }] }],
        customer: { type: 'PRIVATE' },
        person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '+41 79 900 00 00' },
        address: { street: 'Bahnhofstrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
        paymentMethod: 'PAY_LATER',
        termsAccepted: true,
      },
    })
    code = booked.data!.data.code
    // A real HTTP server: the CLI talks to it as to any shop.
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const headers = new Headers(req.headers as Record<string, string>)
      headers.set('host', `alpin.${HOSTED_DOMAIN}`)
      const response = await app.call(
        new Request(`http://alpin.${HOSTED_DOMAIN}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined }),
      )
      res.writeHead(response.status, Object.fromEntries(response.headers))
      res.end(Buffer.from(await response.arrayBuffer()))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()))
    await app?.close()
  })

  const cli = (...args: string[]) =>
    run('npx', ['tsx', 'scripts/operator.ts', '--url', url, ...args], { env: { ...process.env, OPERATOR_TOKEN: token, DATA_DIR: `/tmp/none-${randomUUID()}` } })

  it('lists, shows (marking it seen) and accepts a request with a reply', async () => {
    // `{shop}.localhost` reaches this machine, as in a browser (Node itself does not resolve it)
    const list = await cli('list', '--status', 'REQUESTED', '--url', url.replace('127.0.0.1', 'alpin.localhost'))
    expect(list.stdout).toContain(code)
    expect(list.stdout).toContain('(unseen)')
    expect((await cli('show', code)).stdout).toContain('Anna Muster <anna@example.ch>')
    expect((await app.database.db.select().from(bookings).where(eq(bookings.code, code)))[0]!.seen).toBe(true)
    const accepted = await cli('accept', code, '--reply', 'Bis bald!')
    expect(accepted.stdout).toContain('ACCEPTED')
    expect(accepted.stdout).toContain('Accepted; the visitor gets an e-mail.')
    const mails = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'request.accepted'))
    expect(mails.map((m) => (m.payload as { booking: { code: string } }).booking.code)).toContain(code)
  }, 60_000)

  it('says what went wrong, with a non-zero exit', async () => {
    const again = cli('decline', code)
    await expect(again).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('409') })
    const wrong = run('npx', ['tsx', 'scripts/operator.ts', 'list', '--url', url, '--token', 'op_not-a-real-token-at-all'], { env: process.env })
    await expect(wrong).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('401') })
    await expect(run('npx', ['tsx', 'scripts/operator.ts', 'frobnicate'])).rejects.toMatchObject({ stderr: expect.stringContaining('usage') })
  }, 60_000)

  it('cancels the accepted booking with a message: places released, visitor e-mailed', async () => {
    const cancelled = await cli('cancel', code, '--reply', 'Hochwasser, leider.')
    expect(cancelled.stdout).toContain(`${code}  CANCELLED`)
    expect(cancelled.stdout).toContain('Cancelled; the places are free again and the visitor gets an e-mail.')
    const mails = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'booking.cancelled'))
    expect(mails.map((m) => m.payload)).toContainEqual(expect.objectContaining({ reason: 'staff', reply: 'Hochwasser, leider.', locale: 'de' }))
    await expect(cli('cancel', 'ZZZZ-ZZZZ')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('404') })
  }, 60_000)
})
