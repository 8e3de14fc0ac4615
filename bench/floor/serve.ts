// Serves the floor's build (bench/floor/dist) on 127.0.0.1:PORT with srvx, the shop's own server
// library, in one process: pages through the app's fetch, the build's files through srvx's static
// middleware. Started by scripts/lib/floor.ts.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { serve } from 'srvx'
import { staticMiddleware } from 'srvx/static'

const dist = join(import.meta.dirname, 'dist')
const { default: app } = (await import(pathToFileURL(join(dist, 'server', 'server.js')).href)) as { default: { fetch: (r: Request) => Promise<Response> } }
const server = serve({
  port: Number(process.env.PORT),
  hostname: '127.0.0.1',
  silent: true,
  middleware: [staticMiddleware({ dir: join(dist, 'client'), maxAge: 31536000, immutable: true })],
  fetch: (request) => app.fetch(request),
})
await server.ready()
console.log(`[floor] at http://127.0.0.1:${process.env.PORT}`)
process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)))
