// The dashboard's server time (issue 21, "npm run bench reports … the dashboard's server time"):
// times the domain function `loadDashboard` (src/server/domain/dashboard/load.ts) N times against
// a database that is already seeded (e.g. right after the bookings list's 100 000 bookings, see
// ./bench-bookings.ts) and reports p50/p95. It seeds nothing itself; the caller (scripts/bench.ts)
// chooses the database, the shop and the moment ("today" decides which sessions are listed).
import type { Db } from '../../src/server/db/client'
import { loadDashboard, type DashboardScope } from '../../src/server/domain/dashboard/load'

export type DashboardBenchResult = {
  shopId: string
  role: DashboardScope['role']
  runs: number
  p50: number
  p95: number
  max: number
  /** What the last run found (so a run against an empty shop is visible as such). */
  sessions: number
  services: number
  latest: number
  unseenRequests: number
  openAmounts: number
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const round = (ms: number) => Math.round(ms * 100) / 100

/** Times `loadDashboard` `runs` times (after one warm-up run) for a manager of `shopId`. */
export async function benchDashboard(
  db: Db,
  options: { shopId: string; runs?: number; now?: Date; timeZone?: string; role?: DashboardScope['role']; locale?: DashboardScope['locale'] },
): Promise<DashboardBenchResult> {
  const runs = Math.max(1, options.runs ?? 50)
  const scope: DashboardScope = {
    shopId: options.shopId,
    staffId: 'bench',
    role: options.role ?? 'manager',
    timeZone: options.timeZone ?? 'Europe/Zurich',
    locale: options.locale ?? 'de',
    now: options.now ?? new Date(),
  }
  let last = await loadDashboard(db, scope)
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    last = await loadDashboard(db, scope)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return {
    shopId: scope.shopId,
    role: scope.role,
    runs,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times[times.length - 1]!),
    sessions: last.days.reduce((n, d) => n + d.sessions.length, 0),
    services: last.days.reduce((n, d) => n + d.services.length, 0),
    latest: last.sales?.latest.length ?? 0,
    unseenRequests: last.sales?.unseenRequests.count ?? 0,
    openAmounts: last.sales?.openAmounts.count ?? 0,
  }
}

export function printDashboardBench(label: string, r: DashboardBenchResult) {
  console.log(`\ndashboard, ${label}: loadDashboard() ${r.runs} runs for a ${r.role} of ${r.shopId}`)
  console.log(`p50 ${r.p50} ms, p95 ${r.p95} ms, max ${r.max} ms`)
  console.log(`found: ${r.sessions} sessions, ${r.services} private-service bookings, ${r.unseenRequests} unseen requests, ${r.openAmounts} open amounts, ${r.latest} latest`)
}

// Standalone: `npx tsx scripts/lib/bench-dashboard.ts <postgres-url> [shop] [runs]` against a seeded database.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, shopId = 'alpin', runs = '50'] = process.argv.slice(2)
  if (!url) {
    console.error('usage: tsx scripts/lib/bench-dashboard.ts <postgres-url> [shop] [runs]')
    process.exit(2)
  }
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const pg = (await import('pg')).default
  const schema = await import('../../src/server/db/schema')
  const pool = new pg.Pool({ connectionString: url, max: 4 })
  try {
    printDashboardBench('PostgreSQL', await benchDashboard(drizzle(pool, { schema }) as unknown as Db, { shopId, runs: Number(runs) }))
  } finally {
    await pool.end()
  }
}
