// Worker processes for the production server (ADR 038): the primary forks them (node:cluster, all
// serving one port), replaces one that dies (within a bound), restarts them one at a time on
// SIGHUP/SIGUSR2 and stops them gracefully. It knows nothing of the shop: scripts/serve.ts is
// the worker's script.
import cluster, { type Worker } from 'node:cluster'

/** What the primary sends a worker it wants to stop: close the server, finish requests, exit. */
export const STOP_MESSAGE = 'webshop:stop'

export type SupervisorOptions = {
  /** How many workers serve the port. */
  workers: number
  /** The workers' script (run with the primary's Node options, e.g. `--import tsx`). */
  exec: string
  /** Extra environment of the workers. */
  env?: Record<string, string>
  /** How long a stopping worker may finish its requests before it is killed (default 10 s). */
  stopMs?: number
  /** How long a new worker may take to listen during a rolling restart (default 2 minutes). */
  startMs?: number
  /** More unplanned worker exits than this within `restartWindowMs` stop the server (default 5). */
  maxRestarts?: number
  restartWindowMs?: number
  log?: (line: string) => void
  /** The primary's own work, stopped after the workers (background jobs, database). */
  onStop?: () => Promise<void>
}

export type Supervisor = {
  /** Resolves once every worker listens; rejects when the server stops first. */
  ready: Promise<void>
  /** Workers now running. */
  pids: () => number[]
  /** Restarts the workers one at a time: a new one listens before an old one stops. */
  rollingRestart: () => Promise<void>
  /** Stops every worker (in-flight requests finish, bounded), then `onStop`; resolves to the exit code. */
  stop: (reason: string, code?: number) => Promise<number>
  /** Resolves to the exit code once stopped, whatever stopped it (a signal, too many deaths). */
  stopped: Promise<number>
}

type State = { listening: boolean; planned: boolean; replace: boolean }

export function superviseWorkers(options: SupervisorOptions): Supervisor {
  const log = options.log ?? ((line: string) => console.log(line))
  const stopMs = options.stopMs ?? 10_000
  const startMs = options.startMs ?? 120_000
  const maxRestarts = options.maxRestarts ?? 5
  const windowMs = options.restartWindowMs ?? 60_000
  cluster.setupPrimary({ exec: options.exec })

  const workers = new Map<Worker, State>()
  const deaths: number[] = []
  let stopping: Promise<number> | undefined
  let markStopped: (code: number) => void = () => {}
  const stopped = new Promise<number>((resolve) => (markStopped = resolve))
  let restarting = false
  let markReady: () => void = () => {}
  let failReady: (error: Error) => void = () => {}
  const ready = new Promise<void>((resolve, reject) => ((markReady = resolve), (failReady = reject)))
  ready.catch(() => {})

  const listeningCount = () => [...workers.values()].filter((s) => s.listening).length

  const fork = (replace = true) => {
    const worker = cluster.fork(options.env ?? {})
    const state: State = { listening: false, planned: false, replace }
    workers.set(worker, state)
    // a message to a worker that just died must not end the primary
    worker.on('error', () => {})
    const listening = new Promise<void>((resolve, reject) => {
      worker.once('listening', () => {
        state.listening = true
        state.replace = true
        if (listeningCount() >= options.workers) markReady()
        resolve()
      })
      worker.once('exit', (code, signal) => reject(new Error(`worker ${worker.process.pid} exited before it listened (${signal ?? `exit code ${code}`})`)))
    })
    listening.catch(() => {})
    worker.once('exit', (code, signal) => exited(worker, state, code, signal))
    return { worker, listening }
  }

  const exited = (worker: Worker, state: State, code: number | null, signal: string | null) => {
    workers.delete(worker)
    if (state.planned || stopping || !state.replace) return
    const now = Date.now()
    deaths.push(now)
    while (deaths[0]! <= now - windowMs) deaths.shift()
    if (deaths.length > maxRestarts) {
      log(`[server] ${deaths.length} workers died within ${Math.round(windowMs / 1000)} s (the last: pid ${worker.process.pid}, ${signal ?? `exit code ${code}`}): giving up, see the errors above`)
      void stop('too many workers died', 1)
      return
    }
    log(`[server] worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}): starting another`)
    fork()
  }

  /** Asks a worker to stop and waits until it has exited (killed when it takes too long). */
  const stopWorker = async (worker: Worker) => {
    const state = workers.get(worker)
    if (state) state.planned = true
    if (worker.isDead() || !workers.has(worker)) return
    const gone = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
    // one still starting may not listen to messages yet: SIGTERM ends it at once, or (once it
    // handles signals) stops it like the message
    try {
      if (state?.listening) worker.send(STOP_MESSAGE)
      else worker.process.kill('SIGTERM')
    } catch {
      worker.process.kill('SIGTERM')
    }
    // the worker force-exits after stopMs itself; this is the last resort
    const kill = setTimeout(() => {
      log(`[server] worker ${worker.process.pid} did not stop within ${Math.round(stopMs / 1000)} s: killed`)
      worker.process.kill('SIGKILL')
    }, stopMs + 3000)
    await gone
    clearTimeout(kill)
  }

  const stop = (reason: string, code = 0) => {
    stopping ??= (async () => {
      failReady(new Error(`the server stopped before its workers listened: ${reason}`))
      log(`[server] ${reason}: closing (the workers finish their requests, at most ${Math.round(stopMs / 1000)} s)`)
      await Promise.all([...workers.keys()].map(stopWorker))
      await options.onStop?.().catch((error: unknown) => log(`[server] while closing: ${error instanceof Error ? error.message : String(error)}`))
      markStopped(code)
      return code
    })()
    return stopping
  }

  const rollingRestart = async () => {
    if (stopping) return
    if (restarting) {
      log('[server] a rolling restart is already under way')
      return
    }
    restarting = true
    const old = [...workers.keys()]
    log(`[server] rolling restart of ${old.length} workers, one at a time`)
    try {
      for (const worker of old) {
        if (stopping) return
        // one that died meanwhile was replaced already
        if (worker.isDead() || !workers.has(worker)) continue
        const fresh = fork(false)
        let timer: ReturnType<typeof setTimeout> | undefined
        try {
          await Promise.race([fresh.listening, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(startMs / 1000)} s`)), startMs)))])
        } catch (error) {
          if (stopping) return
          log(`[server] rolling restart stopped: a new worker did not start (${error instanceof Error ? error.message : String(error)}); the others keep serving`)
          const state = workers.get(fresh.worker)
          if (state) state.planned = true
          if (!fresh.worker.isDead()) fresh.worker.process.kill('SIGKILL')
          return
        } finally {
          clearTimeout(timer)
        }
        // stopping meanwhile: stop() has the new worker in its list too
        if (stopping) return
        await stopWorker(worker)
      }
      if (!stopping) log(`[server] rolling restart done: workers ${[...workers.keys()].map((w) => w.process.pid).join(', ')}`)
    } finally {
      restarting = false
    }
  }

  for (let i = 0; i < options.workers; i++) fork()
  return { ready, pids: () => [...workers.keys()].filter((w) => !w.isDead()).map((w) => w.process.pid!), rollingRestart, stop, stopped }
}

/**
 * In a worker: calls `stop` when the primary asks (or goes away) or on SIGTERM. SIGINT is left to
 * the primary (Ctrl-C reaches the whole process group; the primary stops the workers in order).
 */
export function onStopRequest(stop: (reason: string) => void) {
  process.on('message', (message) => {
    if (message === STOP_MESSAGE) stop('asked by the primary')
  })
  process.on('disconnect', () => stop('the primary is gone'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => {})
}
