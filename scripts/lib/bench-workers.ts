// `npm run bench`, part 8 "workers" (ADR 038): the production server on PostgreSQL as one
// process (WEB_CONCURRENCY=1) and with its default workers (one per core), the same pages under
// the same load (autocannon, 50 connections), and the ratio of their throughputs (goal ≥ 1.8 on
// 2 cores). The load generator runs on the same machine and takes its share of the cores.
import { availableParallelism } from 'node:os'
import autocannon from 'autocannon'
import type { ServeProcess } from './serve-process'
import { findSession, visitor } from './shop-api'

export const WORKERS_GOAL = 1.8

type Load = { requestsPerSecond: number; p50: number; p99: number; errors: number }
export type WorkersBench = {
  cores: number
  workers: number
  seconds: number
  pages: Record<string, { path: string; single: Load; multi: Load; ratio: number }>
  /** Requests per second over all pages, multi / single. */
  ratio: number
  goal: number
  met: boolean
}

function load(url: string, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: seconds, headers: { accept: 'text/html' } }, (error, r) => {
      if (error) return reject(error)
      resolve({ requestsPerSecond: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx })
    })
  })
}

export async function runWorkersBench(options: {
  port: number
  seconds: number
  database: () => Promise<{ url: string; drop: () => Promise<void> }>
  startServer: (port: number, env: Record<string, string>) => Promise<ServeProcess>
  stop: (server: ServeProcess | undefined) => Promise<void>
}): Promise<WorkersBench> {
  const cores = availableParallelism()
  const database = await options.database()
  const measured: Record<string, Record<string, Load>> = {}
  const paths: Record<string, string> = { home: '/de' }
  try {
    for (const [mode, concurrency] of [
      ['single', '1'],
      ['multi', ''],
    ] as const) {
      // WEB_CONCURRENCY empty: the default, one worker per core
      const server = await options.startServer(options.port, { DATABASE_URL: database.url, WEB_CONCURRENCY: concurrency })
      try {
        paths.listing ??= `/de/listing/${(await findSession(await visitor(server.origin, 'de'), 2)).slug}`
        for (const [page, path] of Object.entries(paths)) {
          await load(`${server.origin}${path}`, 2) // warm up (every worker's JIT and caches)
          ;(measured[page] ??= {})[mode] = await load(`${server.origin}${path}`, options.seconds)
        }
      } finally {
        await options.stop(server)
      }
    }
  } finally {
    await database.drop()
  }
  const pages: WorkersBench['pages'] = {}
  let single = 0
  let multi = 0
  for (const [page, path] of Object.entries(paths)) {
    const s = measured[page]!.single!
    const m = measured[page]!.multi!
    single += s.requestsPerSecond
    multi += m.requestsPerSecond
    pages[page] = { path, single: s, multi: m, ratio: Math.round((m.requestsPerSecond / Math.max(1, s.requestsPerSecond)) * 100) / 100 }
  }
  const ratio = Math.round((multi / Math.max(1, single)) * 100) / 100
  return { cores, workers: cores, seconds: options.seconds, pages, ratio, goal: WORKERS_GOAL, met: ratio >= WORKERS_GOAL }
}

export function printWorkersBench(r: WorkersBench) {
  console.log(`\nworkers (PostgreSQL): one process vs ${r.workers} workers on ${r.cores} cores, ${r.seconds} s per page, 50 connections`)
  console.log('page'.padEnd(10), '1 req/s'.padStart(8), '1 p99'.padStart(7), `${r.workers} req/s`.padStart(8), `${r.workers} p99`.padStart(7), 'ratio'.padStart(6), 'errors'.padStart(7))
  for (const [page, p] of Object.entries(r.pages)) {
    console.log(
      page.padEnd(10),
      String(p.single.requestsPerSecond).padStart(8),
      String(p.single.p99).padStart(7),
      String(p.multi.requestsPerSecond).padStart(8),
      String(p.multi.p99).padStart(7),
      p.ratio.toFixed(2).padStart(6),
      String(p.single.errors + p.multi.errors).padStart(7),
    )
  }
  console.log(`throughput ratio ${r.workers} workers / 1 process: ${r.ratio.toFixed(2)} (goal ≥ ${r.goal}: ${r.met ? 'met' : 'NOT met'})`)
}
