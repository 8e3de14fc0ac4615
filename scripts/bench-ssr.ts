// `npm run bench:ssr`: SSR throughput of the home and a listing page next to a trivial page of
// the same app, in one run (autocannon, 50 connections). Prints req/s, p50, p99 and the ratio
// to the trivial page, and writes the figures to bench/ssr.json so runs can be compared.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import autocannon from 'autocannon'
import { buildIfStale } from './start'

const root = join(import.meta.dirname, '..')
const PORT = Number(process.env.BENCH_PORT ?? 4390)
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const base = `http://127.0.0.1:${PORT}`

async function waitFor(url: string, ms = 60_000) {
  const deadline = Date.now() + ms
  for (;;) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer ${url}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

function run(path: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${base}${path}`, connections: 50, duration: DURATION, headers: { accept: 'text/html' } }, (error, result) =>
      error ? reject(error) : resolve(result),
    )
  })
}

buildIfStale(() => {})
const server = spawn('tsx', ['scripts/serve.ts'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'webshop-bench-')), DATABASE_URL: '', API_ORIGIN: '', SENTRY_DSN: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
try {
  await waitFor(`${base}/api/webshop/v1/config`)
  const offers = (await (await fetch(`${base}/api/webshop/v1/offers?perPage=1`)).json()) as { data: { slug: string }[] }
  const slug = offers.data[0]?.slug
  const targets: [string, string][] = [
    ['trivial page (embed search placeholder)', '/de/embed/v1/search'],
    ['home', '/de'],
    ...(slug ? ([[`listing (${slug})`, `/de/listing/${slug}`]] as [string, string][]) : []),
  ]
  // warm up every page once
  for (const [, path] of targets) await fetch(`${base}${path}`)
  const results: Record<string, { path: string; requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number; ratio?: number }> = {}
  for (const [name, path] of targets) {
    const r = await run(path)
    results[name] = { path, requestsPerSecond: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx }
  }
  const trivial = results[targets[0]![0]]!.requestsPerSecond
  console.log(`\nSSR benchmark: ${DURATION} s per page, 50 connections, ${new Date().toISOString()}`)
  console.log('page'.padEnd(44), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'ratio'.padStart(7), 'errors'.padStart(7))
  for (const [name, r] of Object.entries(results)) {
    r.ratio = r.requestsPerSecond / trivial
    console.log(name.padEnd(44), r.requestsPerSecond.toFixed(0).padStart(8), String(r.p50).padStart(8), String(r.p99).padStart(8), r.ratio.toFixed(2).padStart(7), String(r.errors + r.non2xx).padStart(7))
  }
  mkdirSync(join(root, 'bench'), { recursive: true })
  writeFileSync(join(root, 'bench', 'ssr.json'), JSON.stringify({ at: new Date().toISOString(), durationSeconds: DURATION, connections: 50, results }, null, 2) + '\n')
  console.log('\nwritten to bench/ssr.json')
} finally {
  server.kill('SIGTERM')
}
