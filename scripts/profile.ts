// `npm run profile -- [page…]`: CPU profiles of the production server under load, one server per
// page (so each profile holds one page's work), written to bench-results/profiles/<page>.cpuprofile
// (open them in Chrome's DevTools → Performance, or speedscope) and summed up here: the functions
// with the most self time, and the share of the time spent under each of the app's own frames
// and a few named suspects (root route, API round trips, validation, dehydration, formatting).
// Pages: notfound, home, listing, checkout, embed (default: all), and `hold`: bursts of 200
// visitors at once asking for a place on a full date (the refusals that make up the bench's hold
// p99). PROFILE_SECONDS (default 8). PROFILE_DATABASE_URL: profile on that (empty) PostgreSQL
// database instead of PGlite, in one process (WEB_CONCURRENCY=1).
// Run `npm run build` first (it builds when dist/ is stale).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { buildIfStale } from './start'
import { startServeProcess, stopServeProcess } from './lib/serve-process'
import { bookDownTo, cartWithPlace, findSession, visitor, visitorsWithCarts } from './lib/shop-api'
import { summarise, type CpuProfile } from './lib/cpu-profile'

const root = join(import.meta.dirname, '..')
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8)
const out = join(root, 'bench-results', 'profiles')
const wanted = process.argv.slice(2).filter((a) => a !== '--')
const all = ['notfound', 'home', 'listing', 'checkout', 'embed'] as const
type Page = (typeof all)[number] | 'hold'

/** Bursts of `visitors` add-to-cart calls at once on a full date for `seconds`; returns the bursts' p99s. */
async function holdBursts(origin: string, seconds: number, visitors = 200) {
  const v = await visitor(origin)
  const session = await findSession(v, 1)
  await bookDownTo(v, session, 0)
  const ready = await visitorsWithCarts(origin, visitors)
  const p99s: number[] = []
  const until = performance.now() + seconds * 1000
  while (performance.now() < until) {
    const times = await Promise.all(
      ready.map(async ({ w, cart }) => {
        const started = performance.now()
        const added = await w.post(`/api/webshop/v1/carts/${cart}/items`, { offer: session.slug, sku: session.sku, sessionId: session.sessionId, quantity: 1 })
        if (added.status !== 409) throw new Error(`a full date answered ${added.status}`)
        await added.arrayBuffer()
        return performance.now() - started
      }),
    )
    times.sort((a, b) => a - b)
    p99s.push(Math.round(times[Math.floor(times.length * 0.99)]!))
  }
  return p99s
}

async function path(origin: string, page: Exclude<Page, 'hold'>) {
  if (page === 'notfound') return '/de/this-page-does-not-exist'
  if (page === 'home') return '/de'
  const v = await visitor(origin, 'de')
  const session = await findSession(v, 2)
  if (page === 'listing') return `/de/listing/${session.slug}`
  if (page === 'embed') return `/de/embed/v1/booking/${session.slug}`
  return `/de/checkout/${(await cartWithPlace(v, session)).cart}`
}

buildIfStale(() => {})
mkdirSync(out, { recursive: true })
for (const page of (wanted.length ? wanted : all) as Page[]) {
  const dir = mkdtempSync(join(tmpdir(), 'webshop-profile-'))
  const server = await startServeProcess(4381, {
    DATA_DIR: join(dir, 'data'),
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    RATE_LIMIT_READS_PER_MINUTE: '0',
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${join(dir, 'prof')} --cpu-prof-interval=500`,
    ...(process.env.PROFILE_DATABASE_URL ? { DATABASE_URL: process.env.PROFILE_DATABASE_URL, WEB_CONCURRENCY: '1' } : {}),
  })
  try {
    if (page === 'hold') {
      const p99s = await holdBursts(server.origin, SECONDS)
      console.log(`\nhold: ${p99s.length} bursts of 200 refused holds on a full date, p99 per burst ${p99s.join(', ')} ms under the profiler`)
    } else {
      const url = `${server.origin}${await path(server.origin, page)}`
      for (let i = 0; i < 20; i++) await fetch(url) // warm up
      const result = await autocannon({ url, connections: 50, duration: SECONDS, headers: { accept: 'text/html', 'accept-encoding': 'gzip' } })
      console.log(`\n${page}: ${url}\n  ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms under the profiler`)
    }
  } finally {
    // at once: the summary reads the profile's last PROFILE_SECONDS, the load's
    await stopServeProcess(server)
  }
  // the server's own process writes its profile when it exits (tsx's loader thread may write one
  // too, and so does the process that creates and seeds the new database before it: other pids)
  const files = readdirSync(join(dir, 'prof'))
    .filter((f) => f.split('.').includes(String(server.pid)))
    .map((f) => join(dir, 'prof', f))
  const biggest = files.sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0]
  if (!biggest) throw new Error(`${page}: no profile written`)
  const target = join(out, `${page}.cpuprofile`)
  renameSync(biggest, target)
  rmSync(dir, { recursive: true, force: true })
  const summary = summarise(JSON.parse(readFileSync(target, 'utf8')) as CpuProfile, { lastSeconds: SECONDS })
  console.log(`  profile: ${target}`)
  console.log('  self time (top 15):')
  for (const f of summary.self.slice(0, 15)) console.log(`    ${f.percent.toFixed(1).padStart(5)} %  ${f.name}`)
  console.log(`  time under each module (inclusive; ${summary.idlePercent.toFixed(0)} % of the samples idle):`)
  for (const f of summary.under) console.log(`    ${f.percent.toFixed(1).padStart(5)} %  ${f.name}`)
}
