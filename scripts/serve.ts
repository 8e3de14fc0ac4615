// Serves the production build (dist/) on HOST:PORT: migrates and seeds first, then answers
// pages, API, media and static assets from one process. Run by `npm start` after the build.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { serve, type ServerMiddleware } from 'srvx'
import { staticMiddleware } from 'srvx/static'
import { prepareDatabase } from '../src/server/prepare'
import { startMailWorker } from '../src/server/mail/worker'
import { startUnpaidBookingsWorker } from '../src/server/domain/unpaid'
import { closingInStages } from '../src/server/http/lingering-close'
import type { PaymentProvider } from '../src/server/payments/provider'

const root = join(import.meta.dirname, '..')

const COMPRESSIBLE = /^(text\/html|text\/calendar|application\/json|application\/problem\+json|application\/javascript|image\/svg\+xml|application\/xml|text\/plain)/

/**
 * Pages and API answers gzip-compressed when the client accepts it (static files are compressed
 * by the static middleware). SSR streams through the compressor chunk by chunk.
 */
export function compress(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? ''
  const gzip = /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '')
  // A 304 stands for the answer this client would have got: compressed (so its tag weak) when
  // the answer says it varies on Accept-Encoding and the client takes gzip, as its 200 was.
  if (response.status === 304) return gzip && VARIES_ON_ENCODING.test(response.headers.get('vary') ?? '') ? weakened(response) : response
  if (!response.body || request.method === 'HEAD' || response.status === 204) return response
  if (response.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return response
  if (!gzip) return response
  const headers = new Headers(response.headers)
  headers.set('content-encoding', 'gzip')
  headers.delete('content-length')
  if (!VARIES_ON_ENCODING.test(headers.get('vary') ?? '')) headers.append('vary', 'accept-encoding')
  // the bytes differ from the uncompressed answer: a strong validator becomes weak
  weaken(headers)
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), { status: response.status, statusText: response.statusText, headers })
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
  return [
    async (_request, next) => nosniff(await next()),
    async (request, next) => {
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

export async function startServer(options: { quiet?: boolean } = {}) {
  const entry = join(root, 'dist', 'server', 'server.js')
  if (!existsSync(entry)) throw new Error('No production build in dist/: run `npm run build` (npm start does it for you).')
  const runtime = await prepareDatabase()
  const { default: app } = (await import(pathToFileURL(entry).href)) as { default: { fetch: (r: Request) => Promise<Response> } }
  const { env } = runtime
  const server = serve({
    port: env.PORT,
    hostname: env.HOST,
    silent: true,
    gracefulShutdown: false,
    middleware: staticFiles(join(root, 'dist', 'client')),
    // an answer given before its request body arrived (413) closes in stages, so the client reads it
    fetch: closingInStages(async (request: Request) => compress(request, await app.fetch(request))),
  })
  await server.ready()
  // E-mail goes out from the outbox in the background (SMTP_URL, else .eml files in DATA_DIR/mail).
  const mail = runtime.database ? startMailWorker(runtime.database, env) : null
  // Pay-now bookings still unpaid after their deadline are cancelled (once, whatever the processes).
  const unpaid = runtime.database ? startUnpaidBookingsWorker(runtime.database, env, runtime.api as { sandbox?: PaymentProvider }) : null
  const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
  if (!options.quiet) console.log(`[server] the shop is at http://${shown}:${env.PORT} (pid ${process.pid})`)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    console.log(`[server] ${signal}: closing`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    await server.close().catch(() => {})
    await mail?.stop().catch(() => {})
    await unpaid?.stop().catch(() => {})
    await runtime.database?.close().catch(() => {})
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  return server
}

if (import.meta.filename === process.argv[1]) {
  process.env.NODE_ENV ??= 'production'
  startServer().catch((error) => {
    console.error('[server] could not start:', error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
