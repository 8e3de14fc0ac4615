// A primary and its workers as scripts/serve.ts runs them (scripts/lib/cluster.ts), with a
// plain HTTP server as the worker: GET /?ms=N answers the worker's pid after N ms. For
// scripts/lib/cluster.test.ts. Environment: PORT, WORKERS, MAX_RESTARTS, CRASH_AFTER_MS (a
// worker exits with code 3 that long after it listens), START_DELAY_MS (a worker listens that late).
import cluster from 'node:cluster'
import http from 'node:http'
import { onStopRequest, superviseWorkers } from '../../scripts/lib/cluster'

const port = Number(process.env.PORT)

if (cluster.isPrimary) {
  const supervisor = superviseWorkers({
    workers: Number(process.env.WORKERS ?? 2),
    exec: import.meta.filename,
    stopMs: 5000,
    startMs: 20_000,
    maxRestarts: Number(process.env.MAX_RESTARTS ?? 5),
    onStop: async () => console.log('[fixture] the primary cleaned up'),
  })
  void supervisor.stopped.then((code) => process.exit(code))
  process.on('SIGTERM', () => void supervisor.stop('SIGTERM'))
  process.on('SIGINT', () => void supervisor.stop('SIGINT'))
  process.on('SIGHUP', () => void supervisor.rollingRestart())
  await supervisor.ready.then(
    () => console.log(`[fixture] ready: ${supervisor.pids().join(',')}`),
    () => {},
  )
} else {
  const server = http.createServer((request, response) => {
    const ms = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('ms') ?? 0)
    setTimeout(() => response.end(String(process.pid)), ms)
  })
  // a worker that takes its time to start, as the shop's does (its build's modules)
  setTimeout(
    () =>
      server.listen(port, '127.0.0.1', () => {
        const crash = Number(process.env.CRASH_AFTER_MS ?? 0)
        if (crash) setTimeout(() => process.exit(3), crash)
      }),
    Number(process.env.START_DELAY_MS ?? 0),
  )
  let closing = false
  onStopRequest(() => {
    if (closing) return
    closing = true
    setTimeout(() => process.exit(1), 5000).unref()
    server.close(() => process.exit(0))
    const idle = setInterval(() => server.closeIdleConnections(), 100)
    idle.unref()
  })
}
