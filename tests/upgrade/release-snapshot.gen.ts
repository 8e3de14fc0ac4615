/**
 * Writes a release's data snapshot for the migration-upgrade test (tests/upgrade): run it in a
 * checkout of that release, whose migrations, seed and API make the data, e.g.
 *
 *   git worktree add /tmp/release <commit> && cd /tmp/release && ln -s <repo>/node_modules node_modules
 *   cp <repo>/tests/upgrade/release-snapshot.gen.ts tests/contract/release-snapshot.gen.test.ts
 *   RELEASE=<commit> SNAPSHOT_OUT=<repo>/tests/upgrade/release-<commit>.json.gz npx vitest run tests/contract/release-snapshot.gen.test.ts
 *
 * The snapshot (gzipped JSON) holds: the release's migrations (tag and SHA-256 of each file), every table's rows (JSON, as
 * PostgreSQL's json_agg writes them; images' bytes left out), and the staff app's answers of that
 * release for its bookings, which the upgraded database must still give.
 * (It imports the release's own tests/support, so it is not type-checked against this one.)
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { offers } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN } from '../support/app'
import { databaseFactories } from '../support/databases'
import { createOffer, visitorContact } from '../support/factories'
import { signedInCast } from '../support/staff'
import { visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`

it('writes the release snapshot', async () => {
  const clock = new Date('2026-11-20T08:00:00Z')
  const app = await createTestApp(databaseFactories()[0]!, { now: () => clock, offers: true })
  const cast = await signedInCast(app)
  const headers = await xsrfHeaders(app, ALPIN)
  const visitor = visitorCalls(ALPIN, () => ({ app, headers }))

  const tour = await createOffer(app.database.db, {
    slug: 'upgrade-tour',
    title: 'Glacier tour',
    skus: [{ key: 'adult', price: 12000 }, { key: 'youth', price: 8000 }, { key: 'family', price: 30000, blockCount: 4 }],
    sessions: [{ startsAt: new Date('2026-12-12T08:30:00Z'), capacity: 30 }],
  })
  const request = await createOffer(app.database.db, { slug: 'upgrade-request', uponRequest: true, sessions: [{ startsAt: new Date('2026-12-13T08:30:00Z'), capacity: 10 }] })
  await app.database.db
    .update(offers)
    .set({
      extras: [
        { key: 'lunch', title: { de: 'Mittagessen', en: 'Lunch', fr: 'Déjeuner' }, price: 2000 },
        { key: 'transfer', title: { de: 'Transfer', en: 'Transfer', fr: 'Transfert' }, price: 4500, per: 'booking' },
      ],
    })
    .where(eq(offers.id, tour.offerId))

  const carts: string[] = []
  async function book(items: { offer: typeof tour; sku: number; quantity: number; extras: string[][] }[], options: { mode?: 'order' | 'request'; paymentMethod: string; surname: string; locale: string }) {
    const cart = (await (await visitor('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const ids: string[] = []
    for (const item of items) {
      const added = await visitor('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: item.offer === tour ? 'upgrade-tour' : 'upgrade-request', sku: item.offer.skus[item.sku]!.id, sessionId: item.offer.sessions[0]!.id, quantity: item.quantity })
      expect(added.status, await added.clone().text()).toBe(201)
      ids.push(((await added.json()).data.items as { id: string }[]).at(-1)!.id)
    }
    const body = {
      mode: options.mode ?? 'order',
      items: items.map((item, i) => ({
        itemId: ids[i],
        participants: item.extras.map((extras, n) => ({ firstname: `P${n + 1}`, surname: options.surname, extras })),
      })),
      ...visitorContact,
      person: { ...visitorContact.person, surname: options.surname },
      paymentMethod: options.paymentMethod,
      termsAccepted: true,
    }
    const answer = await visitor('POST', `/api/webshop/v1/carts/${cart}/checkout`, body, { 'x-flowin-locale': options.locale })
    expect(answer.status, await answer.clone().text()).toBe(201)
    carts.push(cart)
    return (await answer.json()).data.code as string
  }

  const codes = {
    // two adults, the first with lunch, the transfer chosen by both: pay later (a payment link)
    payLater: await book([{ offer: tour, sku: 0, quantity: 2, extras: [['lunch', 'transfer'], ['transfer']] }], { paymentMethod: 'PAY_LATER', surname: 'Später', locale: 'de' }),
    // adults and youths of one tour, the transfer chosen in both items; a family block of four
    twoVariants: await book(
      [
        { offer: tour, sku: 0, quantity: 1, extras: [['transfer']] },
        { offer: tour, sku: 1, quantity: 2, extras: [['lunch', 'transfer'], []] },
        { offer: tour, sku: 2, quantity: 1, extras: [[], [], [], []] },
      ],
      { paymentMethod: 'PAY_ON_SITE', surname: 'Varianten', locale: 'fr' },
    ),
    request: await book([{ offer: request, sku: 0, quantity: 1, extras: [[]] }], { mode: 'request', paymentMethod: 'PAY_LATER', surname: 'Anfrage', locale: 'en' }),
  }
  // the staff record a part payment of the on-site booking
  const before = await cast.alpin.call('GET', `/bookings/${codes.twoVariants}`, { session: cast.manager })
  const paid = await cast.alpin.call('POST', `/bookings/${codes.twoVariants}/payments`, { session: cast.manager, body: { amount: 5000, method: 'cash', version: before.body.data.version } })
  expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300)

  const answers: Record<string, unknown> = {}
  for (const [name, code] of Object.entries(codes)) {
    const detail = await cast.alpin.call('GET', `/bookings/${code}`, { session: cast.manager, locale: 'de' })
    expect(detail.status).toBe(200)
    answers[name] = detail.body.data
  }

  const db = app.database.db
  const tables = ((await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename)
  const rows: Record<string, unknown[]> = {}
  for (const table of tables) {
    const content = table === 'media' ? sql.raw(`json_agg(to_jsonb(t) - 'content')`) : sql.raw('json_agg(t)')
    const [row] = ((await db.execute(sql`select ${content} as rows from ${sql.identifier(table)} t`)) as unknown as { rows: { rows: unknown[] | null }[] }).rows
    rows[table] = row?.rows ?? []
  }
  const folder = join(import.meta.dirname, '..', '..', 'src', 'server', 'db', 'migrations')
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  const migrations = journal.entries.map((e) => ({ tag: e.tag, sha256: createHash('sha256').update(readFileSync(join(folder, `${e.tag}.sql`))).digest('hex') }))
  const snapshot = { release: process.env.RELEASE ?? 'unknown', madeAt: clock.toISOString(), migrations, codes, carts, answers, rows }
  writeFileSync(process.env.SNAPSHOT_OUT ?? 'release-snapshot.json.gz', gzipSync(JSON.stringify(snapshot)))
  await app.close()
}, 120_000)
