// Serves the production build (dist/) on HOST:PORT: migrates and seeds first, then answers
// pages, API, media and static assets, from one process or (with DATABASE_URL) from one worker
// per core (WEB_CONCURRENCY; ADR 038). Run by `npm start` after the build.
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import { existsSync, readdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { gzip as gzipCallback } from 'node:zlib'
import { serve, type ServerMiddleware } from 'srvx'
import { staticMiddleware } from 'srvx/static'
import { prepareDatabase } from '../src/server/prepare'
import { getRuntime, type Runtime } from '../src/server/runtime'
import { getEnv, type Env } from '../src/server/env'
import { hasPgliteDatabase } from '../src/server/db/client'
import { onStopRequest, superviseWorkers } from './lib/cluster'
import { ClientGone, createRequestGate, GateFull, requestConcurrency, requestQueueLimit, type RequestGate } from './lib/request-gate'
import { busyResponse } from '../src/server/http/busy'
import { startMailWorker } from '../src/server/mail/worker'
import { startUnpaidBookingsWorker } from '../src/server/domain/unpaid'
import { closingInStages } from '../src/server/http/lingering-close'
import type { PaymentProvider } from '../src/server/payments/provider'

const root = join(import.meta.dirname, '..')

const gzipAsync = promisify(gzipCallback)

const COMPRESSIBLE = /^(text\/html|text\/calendar|application\/json|application\/problem\+json|application\/javascript|image\/svg\+xml|application\/xml|text\/plain)/

/** Answers up to this size are read whole and gzipped in one go; longer ones stream through the compressor. */
export const GZIP_AT_ONCE_BYTES = 512 * 1024
/**
 * Shorter answers are sent as they are (a refusal, a small JSON answer): gzip would save a few
 * hundred bytes at most for its CPU time. Not an answer with an ETag: a revalidated read's 304
 * takes the weak form of a compressed 200 for a client that accepts gzip (see `compress`).
 */
export const GZIP_MIN_BYTES = 1024

/**
 * Pages and API answers gzip-compressed when the client accepts it (static files are compressed
 * by the static middleware). An answer is read whole and gzipped in one call of zlib, which runs
 * on libuv's thread pool (the other core on this machine); only an answer longer than
 * GZIP_AT_ONCE_BYTES streams through a CompressionStream. The profiles of ADR 037 found the web
 * streams' plumbing of a CompressionStream at 18-20 % of a small page's time on the main thread.
 * The shop's pages wait for their loaders before rendering, so reading a page whole delays its
 * first byte by little.
 */
export async function compress(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? ''
  const gzip = /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '')
  // A 304 stands for the answer this client would have got: compressed (so its tag weak) when
  // the answer says it varies on Accept-Encoding and the client takes gzip, as its 200 was.
  if (response.status === 304) return gzip && VARIES_ON_ENCODING.test(response.headers.get('vary') ?? '') ? weakened(response) : response
  if (!response.body || request.method === 'HEAD' || response.status === 204) return response
  if (response.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return response
  if (!gzip) return response
  const read = await readUpTo(response.body, GZIP_AT_ONCE_BYTES)
  if (read.bytes && read.bytes.byteLength < GZIP_MIN_BYTES && !response.headers.has('etag')) {
    return new Response(read.bytes, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
  const headers = new Headers(response.headers)
  headers.set('content-encoding', 'gzip')
  headers.delete('content-length')
  if (!VARIES_ON_ENCODING.test(headers.get('vary') ?? '')) headers.append('vary', 'accept-encoding')
  // the bytes differ from the uncompressed answer: a strong validator becomes weak
  weaken(headers)
  const init = { status: response.status, statusText: response.statusText, headers }
  if (read.rest) return new Response(read.rest.pipeThrough(new CompressionStream('gzip')), init)
  const body = await gzipAsync(read.bytes)
  headers.set('content-length', String(body.byteLength))
  return new Response(body, init)
}

/**
 * Answers whose work runs on libvips's threads (images resized, uploads prepared), bounded by the
 * media renderer's own queue: they do not wait for the gate, nor hold a place in it.
 */
const OFF_THE_MAIN_THREAD = /^\/api\/(media\/|admin\/v1\/media(\/|$))/

/**
 * The app's answer, through the request gate when there is one (scripts/lib/request-gate.ts): the
 * body is read inside it (up to GZIP_AT_ONCE_BYTES, a longer one streams the rest), because a
 * page renders while its body is read. When too many wait already: 503 (src/server/http/busy.ts).
 * A request whose client went away while it waited is never worked on.
 */
export async function answer(gate: RequestGate | null, request: Request, fetch: (request: Request) => Promise<Response>): Promise<Response> {
  if (!gate || OFF_THE_MAIN_THREAD.test(new URL(request.url).pathname)) return fetch(request)
  try {
    return await gate.run(async () => {
      const response = await fetch(request)
      if (!response.body) return response
      const read = await readUpTo(response.body, GZIP_AT_ONCE_BYTES)
      return new Response(read.bytes ?? read.rest, { status: response.status, statusText: response.statusText, headers: response.headers })
    }, request.signal)
  } catch (error) {
    if (error instanceof GateFull) return busyResponse(request)
    // nobody reads it: the connection is closed
    if (error instanceof ClientGone) return new Response(null, { status: 499 })
    throw error
  }
}

type Bytes = Uint8Array<ArrayBuffer>

/**
 * Reads a body up to `limit` bytes. When it is longer, `rest` is a stream of everything (the
 * chunks read so far, then the remainder), so nothing is lost or read twice.
 */
export async function readUpTo(body: ReadableStream<Bytes>, limit: number): Promise<{ bytes: Bytes; rest?: undefined } | { bytes?: undefined; rest: ReadableStream<Bytes> }> {
  const reader = body.getReader()
  const chunks: Bytes[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return { bytes: chunks.length === 1 ? chunks[0]! : (Buffer.concat(chunks, size) as Bytes) }
    chunks.push(value)
    size += value.byteLength
    if (size > limit) {
      const rest = new ReadableStream<Bytes>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk)
          chunks.length = 0
        },
        async pull(controller) {
          const next = await reader.read()
          if (next.done) controller.close()
          else controller.enqueue(next.value)
        },
        cancel: (reason) => reader.cancel(reason),
      })
      return { rest }
    }
  }
}

const VARIES_ON_ENCODING = /(^|,)\s*accept-encoding\s*(,|$)/i

function weaken(headers: Headers) {
  const etag = headers.get('etag')
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`)
}

function weakened(response: Response): Response {
  const headers = new Headers(response.headers)
  weaken(headers)
  return new Response(null, { status: response.status, statusText: response.statusText, headers })
}

/**
 * Static files (the build's assets) are never content-sniffed either; pages and API set it
 * themselves. The header is set in place: reading `body` of srvx's static answer (a file stream)
 * would turn it into a web stream through undici, whose stream closes a second time when the
 * client goes away mid-file, an uncaught error that ends the process.
 */
export function nosniff(response: Response): Response {
  if (response.headers.get('x-content-type-options') === 'nosniff') return response
  return withHeader(response, 'x-content-type-options', 'nosniff')
}

/** Hashed build output (`/assets/name-[hash].js`): its address changes whenever its bytes do. */
export const HASHED_ASSET = /^\/assets\//

/** Cache-Control of a hashed asset: kept for a year by any cache, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/**
 * Cache-Control of every other static file (the files of public/: the staff app's service
 * worker, icons, anything whose name stays the same across releases): revalidated on each use
 * (srvx's ETag and Last-Modified make that a 304), never kept for a year.
 */
export const REVALIDATED = 'public, no-cache'

/** Sets a header of an answer in place (see `nosniff`), or on a copy when its headers are immutable (a fetched answer). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value)
    return response
  } catch {
    const headers = new Headers(response.headers)
    headers.set(name, value)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}

/**
 * The build's static files, never content-sniffed: hashed assets cached for a year
 * (`immutable`), the others revalidated on each use. srvx's own `maxAge` applies to the whole
 * directory, so the Cache-Control is set here, only on answers of the static middleware (a path
 * it has no file for goes on to the pages and the API untouched).
 */
export function staticFiles(dir: string): ServerMiddleware[] {
  const files = staticMiddleware({ dir })
  const mayBeFile = topLevelNames(dir)
  return [
    async (_request, next) => nosniff(await next()),
    async (request, next) => {
      // a page or API path never reaches the disk (srvx's middleware looks each path up there)
      if (!mayBeFile(new URL(request.url).pathname)) return next()
      let passed = false
      const response = await files(request, () => {
        passed = true
        return next()
      })
      // no file (the pages, the API), or a refusal (a malformed path, a range past the end)
      if (passed || response.status >= 400) return response
      return withHeader(response, 'cache-control', HASHED_ASSET.test(new URL(request.url).pathname) ? IMMUTABLE : REVALIDATED)
    },
  ]
}

/**
 * Whether a path can name one of the build's files: its first segment is one of the names at the
 * top of the build's client directory (read once: a new build is served by a new process). The
 * profiles of ADR 037 found the static middleware's failed look-up of every page's path at 3–9 %
 * of the server's time.
 */
export function topLevelNames(dir: string): (pathname: string) => boolean {
  let names: Set<string>
  try {
    names = new Set(readdirSync(dir))
  } catch {
    names = new Set()
  }
  return (pathname) => {
    const end = pathname.indexOf('/', 1)
    const first = end === -1 ? pathname.slice(1) : pathname.slice(1, end)
    return names.has(first) || names.has(safeDecode(first))
  }
}

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** A Node server that can serve the port with the cluster's other workers (srvx binds exclusively by default). */
const SHARED_PORT = { exclusive: false }

/**
 * Serves the build: in one process (`worker: false`, today's server: migrates and seeds, runs the
 * background jobs), or as one of the cluster's workers (the primary prepared the database and
 * runs the background jobs; the worker only answers requests).
 */
export async function startServer(options: { quiet?: boolean; worker?: boolean } = {}) {
  // a worker asked to stop while it starts has nothing in flight: it just exits
  let stop = (_reason: string): void => process.exit(0)
  if (options.worker) onStopRequest((reason) => stop(reason))
  const entry = join(root, 'dist', 'server', 'server.js')
  if (!existsSync(entry)) throw new Error(NO_BUILD)
  if (!options.worker) prepareNewDatabaseApart(getEnv())
  const runtime = options.worker ? await getRuntime() : await prepareDatabase()
  const { default: app } = (await import(pathToFileURL(entry).href)) as { default: { fetch: (r: Request) => Promise<Response> } }
  const { env } = runtime
  const concurrency = requestConcurrency(env)
  const gate = concurrency ? createRequestGate(concurrency, requestQueueLimit(env)) : null
  const server = serve({
    port: env.PORT,
    hostname: env.HOST,
    silent: true,
    gracefulShutdown: false,
    node: SHARED_PORT,
    middleware: staticFiles(join(root, 'dist', 'client')),
    // an answer given before its request body arrived (413) closes in stages, so the client reads it
    fetch: closingInStages(async (request: Request) => compress(request, await answer(gate, request, app.fetch))),
  })
  await server.ready()
  const background = options.worker ? null : startBackgroundJobs(runtime)
  if (!options.quiet && !options.worker) console.log(`[server] the shop is at ${shownOrigin(env)} (pid ${process.pid})`)

  let closing = false
  const shutdown = async (reason: string) => {
    if (closing) return
    closing = true
    if (!options.worker) console.log(`[server] ${reason}: closing`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    // keep-alive connections that finish their request become idle: close them too
    const http = server.node?.server
    const idle = setInterval(() => http && 'closeIdleConnections' in http && http.closeIdleConnections(), 100)
    idle.unref()
    await server.close().catch(() => {})
    clearInterval(idle)
    await background?.stop()
    await runtime.database?.close().catch(() => {})
    process.exit(0)
  }
  if (options.worker) stop = (reason) => void shutdown(reason)
  else {
    process.on('SIGINT', () => void shutdown('SIGINT'))
    process.on('SIGTERM', () => void shutdown('SIGTERM'))
  }
  return server
}

/**
 * A first start on PGlite (no database in DATA_DIR yet) creates, migrates and seeds it in a
 * process of its own (`scripts/db.ts migrate`, as `npm run db:migrate`), then serves from a
 * database that is ready: initdb and the seed need about 300 MiB for a while and leave some
 * 100 MiB in the allocator's heap that glibc never gives back (ADR 037, "Third round").
 */
function prepareNewDatabaseApart(env: Env) {
  if (env.DATABASE_URL || env.API_ORIGIN || hasPgliteDatabase(env.dataDir)) return
  // scripts/db.ts is TypeScript: tsx runs it, whether this server runs from dist/serve.mjs or not
  const tsx = import.meta.resolve('tsx')
  const result = spawnSync(process.execPath, ['--import', tsx, join(root, 'scripts', 'db.ts'), 'migrate'], { stdio: 'inherit', env: process.env, timeout: 10 * 60_000 })
  if (result.status !== 0) throw new Error(`creating the database in ${env.dataDir} failed (${result.error?.message ?? `exit code ${result.status ?? result.signal}`}); see the output above`)
}

const NO_BUILD = 'No production build in dist/: run `npm run build` (npm start does it for you).'

function shownOrigin(env: Env) {
  const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
  return `http://${shown}:${env.PORT}`
}

/**
 * The background jobs, once per server (the primary's with workers): e-mail goes out from the
 * outbox (SMTP_URL, else .eml files in DATA_DIR/mail), and pay-now bookings still unpaid after
 * their deadline are cancelled. Both are safe across processes (claimed rows, a conditional
 * update), so several servers on one PostgreSQL may each run them; one per server keeps the
 * database's idle load from growing with the cores.
 */
function startBackgroundJobs(runtime: Runtime) {
  if (!runtime.database) return null
  const mail = startMailWorker(runtime.database, runtime.env)
  const unpaid = startUnpaidBookingsWorker(runtime.database, runtime.env, runtime.api as { sandbox?: PaymentProvider })
  return {
    stop: async () => {
      await mail.stop().catch(() => {})
      await unpaid.stop().catch(() => {})
    },
  }
}

/**
 * How many processes serve: with DATABASE_URL (or API_ORIGIN) WEB_CONCURRENCY workers, by default
 * one per core; with PGlite one process (it allows one connection per directory, ADR 038).
 */
export function plannedWorkers(env: Pick<Env, 'DATABASE_URL' | 'API_ORIGIN' | 'WEB_CONCURRENCY'>, cores = availableParallelism()): { workers: number; warning?: string } {
  if (env.DATABASE_URL || env.API_ORIGIN) return { workers: env.WEB_CONCURRENCY ?? cores }
  if ((env.WEB_CONCURRENCY ?? 1) > 1) {
    return { workers: 1, warning: `[server] WEB_CONCURRENCY=${env.WEB_CONCURRENCY} is ignored: PGlite is served by one process; set DATABASE_URL for workers (ADR 038)` }
  }
  return { workers: 1 }
}

/**
 * How far V8 lets the heap grow past what survived its last full collection, in percent. By
 * default it allows up to 4× when the program allocates fast, as page renders do: under the bench's
 * 50 connections a server with about 100 MiB of live objects grew a heap of 420-580 MiB, most of
 * it garbage. At 50 % one process holds about 300 MiB less after the load, at the same req/s
 * within the bench's noise (20 % cost a third of the throughput; ADR 037, "Third round"). Read by
 * V8 at every collection, so setting it before the server starts is enough.
 */
export const HEAP_GROWING_PERCENT = 50

/**
 * `npm start`/`npm run serve`: one process, or a primary and its workers (ADR 038). The primary
 * migrates and seeds once, runs the background jobs, forks the workers (they share the port),
 * replaces one that dies (more than 5 in a minute: it stops with exit code 1), restarts them one
 * at a time on SIGHUP or SIGUSR2 (a new one listens before an old one stops: a new build is
 * picked up without a gap) and on SIGTERM/SIGINT lets them finish their requests (at most 10 s).
 */
export async function main() {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
  if (cluster.isWorker) return void (await startServer({ worker: true }))
  const env = getEnv()
  const { workers, warning } = plannedWorkers(env)
  if (warning) console.warn(warning)
  if (workers === 1) return void (await startServer())
  if (!existsSync(join(root, 'dist', 'server', 'server.js'))) throw new Error(NO_BUILD)
  const runtime = await prepareDatabase()
  const background = startBackgroundJobs(runtime)
  const supervisor = superviseWorkers({
    workers,
    exec: import.meta.filename,
    onStop: async () => {
      await background?.stop()
      await runtime.database?.close().catch(() => {})
    },
  })
  // whatever stops it (a signal, workers that die too often), the primary exits with its code
  void supervisor.stopped.then((code) => process.exit(code))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void supervisor.stop(signal))
  for (const signal of ['SIGHUP', 'SIGUSR2'] as const) process.on(signal, () => void supervisor.rollingRestart())
  try {
    await supervisor.ready
  } catch {
    return // it stopped before (workers that died at start): `stopped` exits
  }
  console.log(`[server] the shop is at ${shownOrigin(env)} (pid ${process.pid}, ${workers} workers: ${supervisor.pids().join(', ')})`)
}

if (import.meta.filename === process.argv[1]) {
  process.env.NODE_ENV ??= 'production'
  main().catch((error) => {
    console.error('[server] could not start:', error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
