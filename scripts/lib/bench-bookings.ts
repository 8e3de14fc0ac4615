// The bench's part "bookings list" (scripts/bench.ts; BENCH_SKIP=bookings leaves it out): a
// fresh database with 100 000 bookings of one shop (BENCH_BOOKINGS to change it), seeded by a
// few `INSERT … SELECT generate_series` statements, then the domain's list function (no HTTP)
// timed for a mix of searches, filters and orders: p50 and p95 per query, on PGlite and, when a
// PostgreSQL URL is given, on PostgreSQL. Goal (issue 21): p95 < 100 ms on PostgreSQL.
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../src/server/db/client'
import { migrateDatabase } from '../../src/server/db/migrate'
import { listBookings, type BookingListQuery } from '../../src/server/domain/bookings-admin/list'
import { benchDashboard, printDashboardBench, type DashboardBenchResult } from './bench-dashboard'

const SHOP = 'bench-shop'
const OFFERS = 20

export type QueryTiming = {
  query: string
  p50: number
  p95: number
  rows: number
  total: number
}
export type BookingsBenchResult = {
  bookings: number
  seedSeconds: number
  runs: number
  timings: QueryTiming[]
  goalP95Ms: number
  /** The dashboard's server time (loadDashboard) on the same database, for a manager. */
  dashboard: DashboardBenchResult
}

const FIRST = ['Anna', 'Jürg', 'Zoé', 'Émile', 'Lena', 'Marco', 'Claire', 'Luca', 'Sophie', 'Noah', 'Mia', 'Elias', 'Léa', 'Nina', 'David', 'Sarah']
const STEM = [
  'Müll',
  'Stein',
  'Berg',
  'Wald',
  'Bach',
  'Brunn',
  'Hof',
  'Zürch',
  'Kell',
  'Schmid',
  'Gerb',
  'Wyss',
  'Frey',
  'Lüth',
  'Dubo',
  'Fav',
  'Roch',
  'Mart',
  'Bern',
  'Imhof',
]
const TAIL = ['er', 'mann', 'li', 'hofer', 'egger', 'ler', 'ini', 'ard', 'iger', 'at']

const arrayLiteral = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`)

/** Seeds `count` bookings (1–2 items each, payments for the paid ones) of one shop in one statement per table. */
export async function seedBookings(database: Database, count: number) {
  const db = database.db
  await db.execute(sql`insert into shops (id, config) values (${SHOP}, '{}'::jsonb)`)
  await db.execute(sql`
    insert into offers (id, shop_id, slug, title, intro, description, images, tags, location, related)
    select 'offer-bench-' || lpad(g::text, 4, '0'), ${SHOP}, 'offer-' || g,
      jsonb_build_object('de', 'Angebot ' || g, 'en', 'Offer ' || g, 'fr', 'Offre ' || g), '{}'::jsonb, '{}'::jsonb, '[]'::jsonb, '[]'::jsonb, '{}'::jsonb, '[]'::jsonb
    from generate_series(1, ${OFFERS}) g`)
  await db.execute(sql`
    insert into skus (id, shop_id, offer_id, key, type, title, price_amount, currency, duration_minutes, block_count, min_quantity, max_quantity)
    select 'sku-bench-' || lpad(g::text, 4, '0'), ${SHOP}, 'offer-bench-' || lpad(g::text, 4, '0'), 'adult', 'activity', '{"de":"Erwachsene"}'::jsonb, 12000, 'CHF', 120, 1, 0, 20
    from generate_series(1, ${OFFERS}) g`)
  await db.execute(sql`insert into carts (id, shop_id) select 'cart-bench-' || g, ${SHOP} from generate_series(1, ${count}) g`)
  // Codes: a bijection of g onto 32 bits, in hex (0-9, A-F are all of the codes' alphabet).
  await db.execute(sql`
    insert into bookings (id, shop_id, code, cart_id, mode, status, locale, customer, person, address, payment_method, total_amount, open_amount, currency, channel, created_at)
    select 'booking-bench-' || g, ${SHOP},
      substr(h, 1, 4) || '-' || substr(h, 5, 4),
      'cart-bench-' || g,
      case when g % 10 = 0 then 'request' else 'order' end,
      (array['CONFIRMED','PAID','PAID','CANCELLED','CONFIRMED','ACCEPTED','PAID','REQUESTED'])[1 + g % 8],
      (array['de','fr','en'])[1 + g % 3],
      case when g % 25 = 0 then '{"type":"COMPANY","company":"Reisebüro Alpenglühen AG"}'::jsonb else '{"type":"PRIVATE"}'::jsonb end,
      jsonb_build_object(
        'firstname', (${arrayLiteral(FIRST)})[1 + g % ${FIRST.length}],
        'surname', (${arrayLiteral(STEM)})[1 + (g / 7) % ${STEM.length}] || (${arrayLiteral(TAIL)})[1 + (g / 3) % ${TAIL.length}],
        'email', 'guest' || g || '@example.ch',
        'phone', '+41 79 ' || lpad((g * 7919 % 10000000)::text, 7, '0')),
      '{"street":"Weg","streetNumber":"1","postalCode":"3800","city":"Interlaken","country":"CH"}'::jsonb,
      (array['PAY_NOW','PAY_LATER','PAY_ON_SITE'])[1 + g % 3],
      12000 * (1 + g % 4),
      case when (array['CONFIRMED','PAID','PAID','CANCELLED','CONFIRMED','ACCEPTED','PAID','REQUESTED'])[1 + g % 8] = 'PAID' then 0 else 12000 * (1 + g % 4) end,
      'CHF',
      case when g % 5 = 0 then 'embed' else 'shop' end,
      timestamptz '2027-01-01 00:00:00+00' - (g * interval '5 minutes')
    from (select g, upper(lpad(to_hex((g::bigint * 2654435761) % 4294967296), 8, '0')) as h from generate_series(1, ${count}) g) s`)
  await db.execute(sql`
    insert into booking_items (id, booking_id, shop_id, offer_id, sku_id, starts_at, ends_at, quantity, places, unit_amount, total_amount, currency, participants, position)
    select 'item-bench-' || g || '-' || n, 'booking-bench-' || g, ${SHOP},
      'offer-bench-' || lpad((1 + (g + n) % ${OFFERS})::text, 4, '0'), 'sku-bench-' || lpad((1 + (g + n) % ${OFFERS})::text, 4, '0'),
      timestamptz '2026-01-01 08:00:00+00' + ((g * 37 + n * 7) % 730) * interval '1 day' + (g % 8) * interval '1 hour',
      timestamptz '2026-01-01 10:00:00+00' + ((g * 37 + n * 7) % 730) * interval '1 day' + (g % 8) * interval '1 hour',
      1 + g % 4, 1 + g % 4, 12000, 12000 * (1 + g % 4), 'CHF', '[]'::jsonb, n
    from generate_series(1, ${count}) g, generate_series(0, 1) n
    where n = 0 or g % 4 = 0`)
  await db.execute(sql`
    insert into payments (id, shop_id, booking_id, provider, provider_ref, amount, currency, status, refund_due, source)
    select 'payment-bench-' || g, ${SHOP}, 'booking-bench-' || g, 'sandbox', 'ref-bench-' || g, 12000 * (1 + g % 4), 'CHF', 'succeeded', g % 8 = 3, 'checkout'
    from generate_series(1, ${count}) g
    where g % 8 in (1, 2, 6) or (g % 8 = 3 and g % 3 = 0)`)
  // As autovacuum leaves a live table: statistics and the visibility map (index-only counts).
  await db.execute(sql`vacuum analyze`)
}

/** The queries timed: what the staff do most (first page, search a name, filter a status or a month). */
function queries(codeOfSecond: string): [string, BookingListQuery][] {
  return [
    ['no filter, newest first', {}],
    ['no filter, page 40', { page: 40 }],
    ['surname search (exact word)', { q: 'Steinhofer' }],
    ['name prefix (many hits)', { q: 'müll' }],
    ['first name + surname', { q: 'zoé bergli' }],
    ['e-mail', { q: 'guest4711@' }],
    ['phone', { q: '079 000 79 19' }],
    ['code', { q: codeOfSecond.toLowerCase().replace('-', '') }],
    ['status filter', { status: ['CONFIRMED', 'ACCEPTED'] }],
    ['status REQUESTED', { status: ['REQUESTED'] }],
    ['payment open', { payment: ['open'] }],
    ['payment refund_due', { payment: ['refund_due'] }],
    ['date range (a month)', { from: '2026-06-01', to: '2026-06-30' }],
    ['offer + month', { offerId: 'offer-bench-0007', from: '2026-06-01', to: '2026-06-30' }],
    ['mode request + channel embed', { mode: 'request', channel: 'embed' }],
    ['sort by name', { sort: 'name', order: 'asc' }],
    ['sort by first date', { sort: 'startsAt', order: 'asc' }],
    ['sort by total, paid', { sort: 'total', status: ['PAID'] }],
  ]
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const round = (ms: number) => Math.round(ms * 10) / 10

/** Times each query `runs` times (after two warm-up runs) on a freshly seeded database. */
export async function benchBookingsList(database: Database, options: { count: number; runs: number }): Promise<BookingsBenchResult> {
  const seeding = performance.now()
  await seedBookings(database, options.count)
  const seedSeconds = round((performance.now() - seeding) / 1000)
  const scope = {
    shopId: SHOP,
    timeZone: 'Europe/Zurich',
    locale: 'de' as const,
  }
  const found = (await database.db.execute(sql`select code from bookings where id = 'booking-bench-2'`)) as unknown as { rows: { code: string }[] }
  const code = found.rows[0]!.code
  const timings: QueryTiming[] = []
  for (const [name, query] of queries(code)) {
    const times: number[] = []
    let last = { rows: 0, total: 0 }
    for (let i = 0; i < options.runs + 2; i++) {
      const start = performance.now()
      const page = await listBookings(database.db, scope, query)
      const ms = performance.now() - start
      if (i >= 2) times.push(ms)
      last = { rows: page.items.length, total: page.meta.total }
    }
    times.sort((a, b) => a - b)
    timings.push({
      query: name,
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      ...last,
    })
  }
  const dashboard = await benchDashboard(database.db, { shopId: SHOP, runs: options.runs })
  return {
    bookings: options.count,
    seedSeconds,
    runs: options.runs,
    timings,
    goalP95Ms: 100,
    dashboard,
  }
}

/** The part on PGlite (in memory) and, with `postgres`, on a fresh PostgreSQL database. */
export async function runBookingsBench(postgres?: { create: () => Promise<{ url: string; drop: () => Promise<void> }> }, skip: { pglite?: boolean } = {}) {
  const count = Number(process.env.BENCH_BOOKINGS ?? 100_000)
  const runs = Number(process.env.BENCH_BOOKINGS_RUNS ?? 20)
  const results: Record<string, BookingsBenchResult | string> = {}
  if (skip.pglite) {
    results.pglite = 'skipped (BENCH_SKIP=bookings-pglite)'
  } else {
    const pglite = await openDatabase({ kind: 'pglite' })
    try {
      await migrateDatabase(pglite)
      results.pglite = await benchBookingsList(pglite, { count, runs })
    } finally {
      await pglite.close()
    }
  }
  if (postgres) {
    const fresh = await postgres.create()
    const database = await openDatabase({
      kind: 'postgres',
      url: fresh.url,
      max: 2,
    })
    try {
      await migrateDatabase(database)
      results.postgresql = await benchBookingsList(database, { count, runs })
    } finally {
      await database.close()
      await fresh.drop()
    }
  } else {
    results.postgresql = 'skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL (or BENCH_SKIP=bookings-pg)'
  }
  return results
}

/** The figures as a table per database. */
export function printBookingsBench(results: Record<string, BookingsBenchResult | string>) {
  for (const [db, r] of Object.entries(results)) {
    if (typeof r === 'string') {
      console.log(`\nbookings list, ${db}: ${r}`)
      continue
    }
    console.log(
      `\nbookings list, ${db}: ${r.bookings} bookings (seeded in ${r.seedSeconds} s), listBookings() ${r.runs} runs per query, goal p95 < ${r.goalP95Ms} ms on PostgreSQL`,
    )
    console.log('query'.padEnd(32), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'rows'.padStart(6), 'total'.padStart(8))
    for (const t of r.timings)
      console.log(t.query.padEnd(32), String(t.p50).padStart(8), String(t.p95).padStart(8), String(t.rows).padStart(6), String(t.total).padStart(8))
    console.log(`worst p95: ${Math.max(...r.timings.map((t) => t.p95))} ms`)
    printDashboardBench(db, r.dashboard)
  }
}
