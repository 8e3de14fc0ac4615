// `npm run bench`: the shop's figures in one run on this machine, printed and written
// as JSON to bench-results/ (bench-<time>.json and bench-latest.json) so runs can be compared:
//  1. SSR throughput: req/s, p50, p99 of the 404 screen, home, listing, checkout and an embed
//     page, next to the floor (bench/floor: a minimal TanStack Start page of the same dependency
//     versions, built and served beside) with each page's ratio to it and the goals of
//     perf-budgets.json (timings.ssr);
//  2. JavaScript each page type loads (raw and gzip), in Debian's Chromium;
//  3. the embed loader's size;
//  4. 200 visitors at once for the last 10 places of a session: exactly 10 held and booked, p50
//     and p99 of the hold call, on PGlite and, with TEST_DATABASE_URL or BENCH_DATABASE_URL, on
//     PostgreSQL;
//  5. cold start of `npm start` on an installed clone (its own dependencies) to the first answer:
//     with a build to make and the demo data to seed, and a restart;
//  6. memory (RSS) of the server after the load;
//  7. the staff's bookings list with 100 000 seeded bookings: p50/p95 of the domain's list
//     function for a mix of searches, filters and orders, on PGlite and on PostgreSQL
//     (scripts/lib/bench-bookings.ts; goal p95 < 100 ms on PostgreSQL), and on the same database
//     the dashboard's server time (loadDashboard, scripts/lib/bench-dashboard.ts);
//  8. workers (ADR 038): home and listing on PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL),
//     served by one process and by the default workers (one per core): req/s, p99 and the
//     ratio, goal ≥ 1.8 on 2 cores (scripts/lib/bench-workers.ts).
// Budgets are in perf-budgets.json: sizes are checked by tests, timings are only reported here.
// Options: BENCH_SECONDS (per SSR page, default 5), BENCH_SKIP=… to leave parts out: ssr (1 and
// 6), js (2), loader (3), places (4), pg (4 on PostgreSQL), cold (5), bookings (7; bookings-pglite,
// bookings-pg: one of its databases), workers (8). Without ssr,
// js, places and workers no server is started (and nothing built): BENCH_SKIP=ssr,js,loader,places,cold,workers
// runs the bookings list alone. BENCH_BOOKINGS (default 100000) and BENCH_BOOKINGS_RUNS (20).
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { randomBytes } from 'node:crypto'
import autocannon from 'autocannon'
import { chromium } from '@playwright/test'
import pg from 'pg'
import { buildIfStale } from './start'
import { buildLoader } from './lib/build-loader'
import { freePort, startServeProcess, stopServeProcess, type ServeProcess } from './lib/serve-process'
import { scriptWeight, type PageType, type ScriptWeight } from './lib/page-weight'
import { bookDownTo, cartWithPlace, checkoutBody, findSession, placesLeft, visitor, visitorsWithCarts } from './lib/shop-api'
import { printBookingsBench, runBookingsBench } from './lib/bench-bookings'
import { buildFloorIfStale, startFloor } from './lib/floor'
import { printWorkersBench, runWorkersBench } from './lib/bench-workers'

const root = join(import.meta.dirname, '..')
const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()).filter(Boolean))
const postgresUrl = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '').trim() || undefined
const budgets = JSON.parse(readFileSync(join(root, 'perf-budgets.json'), 'utf8')) as Record<string, Record<string, unknown>>

type Server = ServeProcess

function startServer(port: number, env: Record<string, string> = {}): Promise<Server> {
  // one client (this script) makes all the writes; the server's log stays out of the figures.
  // TRUST_PROXY: the last-places race's visitors each send their own address (X-Forwarded-For).
  return startServeProcess(port, { DATA_DIR: mkdtempSync(join(tmpdir(), 'webshop-bench-')), RATE_LIMIT_WRITES_PER_MINUTE: '0', RATE_LIMIT_READS_PER_MINUTE: '0', TRUST_PROXY: 'true', ...env })
}

const stop = (server: Server | undefined) => stopServeProcess(server)

function rssMiB(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round((kb / 1024) * 10) / 10
}

function load(url: string, expectedStatus = 200): Promise<{ requestsPerSecond: number; p50: number; p99: number; errors: number }> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: DURATION, headers: { accept: 'text/html' }, expectBody: undefined }, (error, r) => {
      if (error) return reject(error)
      const unexpected = expectedStatus === 200 ? r.non2xx : r.requests.total - (r.statusCodeStats?.[String(expectedStatus) as '404']?.count ?? 0)
      resolve({ requestsPerSecond: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + unexpected })
    })
  })
}

/** Real URLs of each page type: an offer, a cart with a place, a payment link. */
async function pages(origin: string) {
  const v = await visitor(origin, 'de')
  const session = await findSession(v, 2)
  const forCheckout = await cartWithPlace(v, session)
  const forLink = await cartWithPlace(v, session)
  const booked = await v.post(`/api/webshop/v1/carts/${forLink.cart}/checkout`, checkoutBody(forLink.itemId!, 'PAY_LATER'))
  const token = ((await booked.json()).data?.paymentLink?.token as string | undefined) ?? 'unknown'
  return {
    home: '/de',
    listing: `/de/listing/${session.slug}`,
    checkout: `/de/checkout/${forCheckout.cart}`,
    payment: `/de/aftersales/payment/${token}`,
    embedBooking: `/de/embed/v1/booking/${session.slug}`,
    embedSearch: '/de/embed/v1/search',
  } satisfies Record<PageType, string>
}

/**
 * 200 visitors at once for the last 10 places of one session (filled down to 10 first): each has
 * its cart and anti-forgery pair ready and has just read the date's times, then all ask for a
 * place at the same moment, each from its own address (as through a proxy: the server runs with
 * TRUST_PROXY, so holds per address count per visitor). Timed: the hold call (add to cart). Correct when exactly 10 holds
 * succeed, the rest are refused, the 10 book, and the session has no place left. The race is run
 * twice, on two sessions: the first right after the server started (its code not yet optimised
 * by V8, its database pool still opening connections), the second on the now-warm server, as a
 * shop that has been selling all morning is when a date sells out; the goal is the second's.
 */
async function lastPlaces(origin: string) {
  const first = await race(origin)
  const second = await race(origin)
  return { ...second, correct: first.correct && second.correct, first }
}

async function race(origin: string, visitors = 200, places = 10) {
  const v = await visitor(origin)
  const session = await findSession(v, places)
  await bookDownTo(v, session, places)
  // 200 visitors from 200 addresses (the server runs with TRUST_PROXY here), not one client's
  const ready = await visitorsWithCarts(origin, visitors, (i) => `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`)
  await Promise.all(ready.map(async ({ w }) => (await w.get(`/api/webshop/v1/offers/${session.slug}/dates/${session.date}`)).arrayBuffer()))
  const holds = await Promise.all(
    ready.map(async ({ w, cart }) => {
      const started = performance.now()
      const added = await w.post(`/api/webshop/v1/carts/${cart}/items`, { offer: session.slug, sku: session.sku, sessionId: session.sessionId, quantity: 1 })
      const body = await added.json()
      return { w, cart, status: added.status, itemId: body.data?.items?.[0]?.id as string | undefined, ms: performance.now() - started }
    }),
  )
  const held = holds.filter((h) => h.status === 201 && h.itemId)
  const counts = new Map<number, number>()
  for (const h of holds) counts.set(h.status, (counts.get(h.status) ?? 0) + 1)
  const statuses = [...counts].map(([status, n]) => `${n} × ${status}`).join(', ')
  const booked = (await Promise.all(held.map(async (h) => (await h.w.post(`/api/webshop/v1/carts/${h.cart}/checkout`, checkoutBody(h.itemId!))).status === 201))).filter(Boolean).length
  const left = await placesLeft(v, session)
  const times = holds.map((h) => h.ms).sort((x, y) => x - y)
  const pct = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!)
  return { visitors, places, held: held.length, holdAnswers: statuses, booked, placesAfter: left ?? null, correct: held.length === places && booked === places && left === 0, holdP50Ms: pct(50), holdP99Ms: pct(99) }
}

async function coldStart() {
  // A clone of the committed sources with its own dependencies (never a link to this checkout's
  // node_modules: npm ci in the clone would empty it). The first `npm start` installs (not timed);
  // then, with dist/ and the data removed, a timed start builds, migrates, seeds and serves; and a
  // timed restart finds everything in place.
  const dir = mkdtempSync(join(tmpdir(), 'webshop-cold-'))
  execFileSync('git', ['clone', '--quiet', '--local', root, dir], { timeout: 5 * 60_000 })
  const once = async (label: string) => {
    const port = await freePort()
    const started = performance.now()
    const child = spawn('npm', ['start'], { cwd: dir, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), DATABASE_URL: '', API_ORIGIN: '' }, stdio: 'ignore', detached: true, timeout: 30 * 60_000 })
    try {
      for (;;) {
        if (performance.now() - started > 600_000) throw new Error(`${label}: no answer after 10 minutes`)
        if (child.exitCode !== null) throw new Error(`${label}: npm start exited with ${child.exitCode}`)
        try {
          if ((await fetch(`http://localhost:${port}/api/webshop/v1/config`)).ok) break
        } catch {
          // not yet
        }
        await new Promise((r) => setTimeout(r, 50))
      }
      return Math.round(performance.now() - started)
    } finally {
      try {
        process.kill(-child.pid!, 'SIGTERM')
      } catch {
        // gone
      }
      await new Promise((r) => setTimeout(r, 1500))
    }
  }
  try {
    const installing = await once('install (not timed)')
    rmSync(join(dir, 'dist'), { recursive: true, force: true })
    rmSync(join(dir, 'data'), { recursive: true, force: true })
    const cold = await once('cold start: build, migrate, seed, serve')
    const warm = await once('restart: built and migrated')
    return { firstStartWithInstallMs: installing, coldStartMs: cold, restartMs: warm }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function freshPostgres() {
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  const name = `webshop_bench_${randomBytes(5).toString('hex')}`
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(postgresUrl!)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: postgresUrl })
      await again.connect()
      await again.query(`drop database if exists ${name} with (force)`).catch(() => {})
      await again.end()
    },
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

const needsServer = !SKIP.has('ssr') || !SKIP.has('js') || !SKIP.has('places')
const workersRun = !SKIP.has('workers') && !!postgresUrl
if (needsServer || workersRun) buildIfStale(() => {})
const results: Record<string, unknown> = { at: new Date().toISOString(), machine: { cpus: (await import('node:os')).cpus().length, node: process.version }, durationSecondsPerPage: DURATION }
let server: Server | undefined
try {
  if (needsServer) server = await startServer(Number(process.env.BENCH_PORT ?? 4391))
  const urls = server && (!SKIP.has('ssr') || !SKIP.has('js')) ? await pages(server.origin) : undefined

  // 1. SSR throughput, next to the floor: a minimal TanStack Start page of the same versions
  if (server && urls && !SKIP.has('ssr')) {
    const goals = budgets.timings!.ssr as { floorRatio: Record<string, number>; p99Ms: number }
    const targets: [string, string, number][] = [
      ['404 screen', '/de/this-page-does-not-exist', 404],
      ['home', urls.home, 200],
      ['listing', urls.listing, 200],
      ['checkout', urls.checkout, 200],
      ['embed booking', urls.embedBooking, 200],
    ]
    buildFloorIfStale((line) => console.log(line))
    const floorServer = await startFloor(Number(process.env.BENCH_PORT ?? 4391) + 4)
    let floor: Awaited<ReturnType<typeof load>>
    try {
      for (let i = 0; i < 50; i++) await fetch(`${floorServer.origin}/de/floor`) // warm up
      floor = await load(`${floorServer.origin}/de/floor`)
    } finally {
      await floorServer.stop()
    }
    for (const [, path] of targets) for (let i = 0; i < 20; i++) await fetch(`${server.origin}${path}`) // warm up
    type Row = { path: string; requestsPerSecond: number; p50: number; p99: number; errors: number; ratio: number; goalRatio?: number; goalP99Ms: number }
    const ssr: Record<string, Row> = { 'floor (minimal TanStack Start page)': { path: '/de/floor', ...floor, ratio: 1, goalP99Ms: goals.p99Ms } }
    for (const [name, path, status] of targets) {
      const measured = await load(`${server.origin}${path}`, status)
      ssr[name] = { path, ...measured, ratio: Math.round((measured.requestsPerSecond / (floor.requestsPerSecond || 1)) * 100) / 100, goalRatio: goals.floorRatio[name], goalP99Ms: goals.p99Ms }
    }
    results.ssr = ssr
    results.serverRssMiBAfterLoad = rssMiB(server.pid)
    const mark = (ok: boolean) => (ok ? 'ok' : 'BELOW')
    console.log(`\nSSR: ${DURATION} s per page, 50 connections, no compression; ratio = req/s ÷ the floor's`)
    console.log('page'.padEnd(36), 'req/s'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'ratio'.padStart(6), 'goal'.padStart(6), 'errors'.padStart(7), ' verdict')
    for (const [name, r] of Object.entries(ssr)) {
      const verdict = [r.goalRatio !== undefined ? `ratio ${mark(r.ratio >= r.goalRatio)}` : '', `p99 ${mark(r.p99 < r.goalP99Ms)} (< ${r.goalP99Ms} ms)`].filter(Boolean).join(', ')
      console.log(name.padEnd(36), String(r.requestsPerSecond).padStart(7), String(r.p50).padStart(7), String(r.p99).padStart(7), r.ratio.toFixed(2).padStart(6), (r.goalRatio?.toFixed(2) ?? '').padStart(6), String(r.errors).padStart(7), ` ${verdict}`)
    }
    const memoryGoal = budgets.timings!.serverRssMiB as unknown as number
    console.log(`server memory after the load: ${results.serverRssMiBAfterLoad} MiB RSS (goal ≤ ${memoryGoal} MiB: ${mark((results.serverRssMiBAfterLoad as number) <= memoryGoal)})`)
  }

  // 2. JavaScript per page type
  if (server && urls && !SKIP.has('js')) {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
    const js: Record<string, Omit<ScriptWeight, 'bodies'> & { budgetGzipBytes?: number }> = {}
    try {
      for (const [type, path] of Object.entries(urls)) {
        const page = await browser.newPage()
        const { bodies: _bodies, ...weight } = await scriptWeight(page, `${server.origin}${path}`)
        js[type] = { ...weight, budgetGzipBytes: (budgets.pageScripts?.[type] as number | undefined) ?? undefined }
        await page.close()
      }
    } finally {
      await browser.close()
    }
    results.javascript = js
    console.log('\nJavaScript per page type (until network idle)')
    console.log('page'.padEnd(16), 'files'.padStart(6), 'raw'.padStart(10), 'gzip'.padStart(10), 'budget'.padStart(10))
    for (const [type, w] of Object.entries(js)) console.log(type.padEnd(16), String(w.files).padStart(6), kb(w.rawBytes).padStart(10), kb(w.gzipBytes).padStart(10), (w.budgetGzipBytes ? kb(w.budgetGzipBytes) : '—').padStart(10))
  }

  // 3. the embed loader
  if (!SKIP.has('loader')) {
    const loader = await buildLoader()
    results.embedLoader = { rawBytes: Buffer.byteLength(loader), gzipBytes: gzipSync(loader, { level: 9 }).length, budgetGzipBytes: (budgets.embedLoader as { gzipBytes: number }).gzipBytes }
    console.log(`\nembed loader: ${JSON.stringify(results.embedLoader)}`)
  }

  // 4. last places, PGlite
  if (server && !SKIP.has('places')) {
    const concurrency: Record<string, unknown> = { pglite: await lastPlaces(server.origin) }
    await stop(server)
    server = undefined
    if (postgresUrl && !SKIP.has('pg')) {
      const database = await freshPostgres()
      try {
        server = await startServer(Number(process.env.BENCH_PORT ?? 4391) + 1, { DATABASE_URL: database.url })
        concurrency.postgresql = await lastPlaces(server.origin)
      } finally {
        await stop(server)
        server = undefined
        await database.drop()
      }
    } else {
      concurrency.postgresql = 'skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL'
    }
    results.lastPlaces = concurrency
    const goal = budgets.timings!.holdP99Ms as number
    console.log(`\nlast places: 200 visitors at once for the last 10 places of a session (the hold call timed; goal p99 < ${goal} ms)`)
    for (const [db, r] of Object.entries(concurrency)) {
      if (typeof r === 'string') console.log(`  ${db}: ${r}`)
      else {
        const x = r as Awaited<ReturnType<typeof lastPlaces>>
        const line = (y: Awaited<ReturnType<typeof race>>) => `${y.held} held, ${y.booked} booked, ${y.placesAfter} left (${y.correct ? 'correct' : 'WRONG'}); answers ${y.holdAnswers}; hold p50 ${y.holdP50Ms} ms, p99 ${y.holdP99Ms} ms`
        console.log(`  ${db}, first race after the start: ${line(x.first)}`)
        console.log(`  ${db}, warm server: ${line(x)} (${x.holdP99Ms < goal ? 'ok' : 'ABOVE the goal'})`)
      }
    }
  }

  // 5. cold start
  if (!SKIP.has('cold')) {
    results.coldStart = await coldStart()
    console.log(`\nnpm start on an installed clone → first answer: ${JSON.stringify(results.coldStart)}`)
  }

  // 7. the staff's bookings list with 100 000 bookings (the domain's list function, no server)
  if (!SKIP.has('bookings')) {
    results.bookingsList = await runBookingsBench(postgresUrl && !SKIP.has('bookings-pg') ? { create: freshPostgres } : undefined, { pglite: SKIP.has('bookings-pglite') })
    printBookingsBench(results.bookingsList as Awaited<ReturnType<typeof runBookingsBench>>)
  }

  // 8. workers per core on PostgreSQL: one process against the default workers (ADR 038)
  if (!SKIP.has('workers')) {
    if (workersRun) {
      await stop(server)
      server = undefined
      const workers = await runWorkersBench({ port: Number(process.env.BENCH_PORT ?? 4391) + 2, seconds: DURATION, database: freshPostgres, startServer, stop })
      results.workers = workers
      printWorkersBench(workers)
    } else {
      results.workers = 'skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL (workers need PostgreSQL)'
      console.log(`
workers: ${results.workers}`)
    }
  }
} finally {
  await stop(server)
}

mkdirSync(join(root, 'bench-results'), { recursive: true })
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
writeFileSync(join(root, 'bench-results', `bench-${stamp}.json`), JSON.stringify(results, null, 2) + '\n')
writeFileSync(join(root, 'bench-results', 'bench-latest.json'), JSON.stringify(results, null, 2) + '\n')
console.log(`\nwritten to bench-results/bench-${stamp}.json and bench-results/bench-latest.json`)
const failedCorrectness = Object.values((results.lastPlaces ?? {}) as Record<string, { correct?: boolean } | string>).some((r) => typeof r === 'object' && r.correct === false)
if (failedCorrectness) {
  console.error('\nCORRECTNESS: the last-places run booked a different number of places than there were.')
  process.exit(1)
}
