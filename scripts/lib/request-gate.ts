/**
 * At most `limit` requests worked on at once in this process; the others wait in arrival order.
 * A finished request hands its place on in a later turn of the event loop (`setImmediate`), never
 * in the same one.
 *
 * Why (ADR 037, "Third round"): on PGlite a page's render runs from its request to its last byte
 * without giving the event loop a turn (PGlite answers a query without one), and libuv accepts one
 * new connection per turn of the event loop. With every request worked on at once, a turn lasts
 * as long as all the renders in flight, so the connections opened last waited seconds in the
 * kernel's accept queue (the bench's p99). With a small limit a turn lasts one or two renders:
 * new connections are taken up at once, requests are answered in the order they came, and fewer
 * renders in flight hold less memory. With PostgreSQL the renders wait on the network at each
 * query, but still long enough between those waits for the same staircase (one process: p99 3.7 s
 * without a gate, 0.3-0.8 s with one); a database across a network makes them wait longer, so a
 * few more are worked on at once there. With API_ORIGIN every request waits on another server:
 * no gate.
 */
export type RequestGate = {
  /**
   * Runs `work` once a place is free. Refuses with `GateFull` at once when `maxWaiting` requests
   * already wait, and with `ClientGone` when `signal` aborts (the client closed its connection)
   * before the work started: nobody would read the answer.
   */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>
  /** Requests being worked on, and waiting. */
  readonly active: number
  readonly waiting: number
}

/** More requests wait than the gate takes: the server answers 503 with Retry-After. */
export class GateFull extends Error {
  constructor() {
    super('too many requests are waiting')
    this.name = 'GateFull'
  }
}

/** The client went away while its request waited: it was never worked on. */
export class ClientGone extends Error {
  constructor() {
    super('the client went away while its request waited')
    this.name = 'ClientGone'
  }
}

export function createRequestGate(limit: number, maxWaiting = DEFAULT_MAX_WAITING): RequestGate {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`a request gate needs a limit of 1 or more, not ${limit}`)
  if (!Number.isInteger(maxWaiting) || maxWaiting < 0) throw new Error(`a request gate needs a waiting line of 0 or more, not ${maxWaiting}`)
  let active = 0
  const waiting: (() => void)[] = []
  const handOn = () => {
    const next = waiting.shift()
    if (next) next()
    else active--
  }
  const wait = (signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = waiting.indexOf(start)
        if (at < 0) return
        waiting.splice(at, 1)
        reject(new ClientGone())
      }
      const start = () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }
      waiting.push(start)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  return {
    async run(work, signal) {
      if (signal?.aborted) throw new ClientGone()
      if (active < limit) active++
      else if (waiting.length >= maxWaiting) throw new GateFull()
      else await wait(signal)
      try {
        return await work()
      } finally {
        setImmediate(handOn)
      }
    },
    get active() {
      return active
    },
    get waiting() {
      return waiting.length
    },
  }
}

/**
 * How many requests may wait by default (REQUEST_QUEUE_LIMIT changes it): 200 visitors arriving
 * at once for the last places must all be served (the bench's race), and at the slowest page's
 * pace (about 120 a second on PGlite on the 2-core machine) 1 024 are answered within some 8
 * seconds; more would wait longer than a visitor does and hold their sockets and requests.
 */
export const DEFAULT_MAX_WAITING = 1024

/** How many may wait in a server: REQUEST_QUEUE_LIMIT, else DEFAULT_MAX_WAITING. */
export function requestQueueLimit(env: { REQUEST_QUEUE_LIMIT?: number }): number {
  return env.REQUEST_QUEUE_LIMIT ?? DEFAULT_MAX_WAITING
}

/** The limit of a server: REQUEST_CONCURRENCY, else 2 on PGlite, 4 with DATABASE_URL, none (null) with API_ORIGIN. */
export function requestConcurrency(env: { REQUEST_CONCURRENCY?: number; DATABASE_URL?: string; API_ORIGIN?: string }): number | null {
  if (env.REQUEST_CONCURRENCY !== undefined) return env.REQUEST_CONCURRENCY === 0 ? null : env.REQUEST_CONCURRENCY
  if (env.API_ORIGIN) return null
  return env.DATABASE_URL ? POSTGRES_REQUEST_CONCURRENCY : PGLITE_REQUEST_CONCURRENCY
}

/** Two at once on PGlite: measured against 1 (less throughput: nothing runs while the one waits for the thread pool or a socket) and 4 (p99 back over 0.5 s). */
export const PGLITE_REQUEST_CONCURRENCY = 2

/**
 * Four with PostgreSQL: on this machine's local PostgreSQL 2 measured best (two workers: p99 290-405
 * ms against 513-702 with 4 and 963-1 379 without a gate), but a render then idles the core for
 * every round trip to the database; 4 keeps the cores busy with a database a few milliseconds away.
 */
export const POSTGRES_REQUEST_CONCURRENCY = 4
