import { describe, expect, it } from 'vitest'
import { ClientGone, createRequestGate, DEFAULT_MAX_WAITING, GateFull, PGLITE_REQUEST_CONCURRENCY, POSTGRES_REQUEST_CONCURRENCY, requestConcurrency, requestQueueLimit } from './request-gate'

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Work that runs until it is told to finish. */
function controlled() {
  let finish!: (value: string) => void
  const done = new Promise<string>((resolve) => (finish = resolve))
  return { done, finish }
}

describe('the request gate (ADR 037)', () => {
  it('works on at most `limit` requests at once, the others wait and start in arrival order', async () => {
    const gate = createRequestGate(2)
    const started: number[] = []
    const works = Array.from({ length: 5 }, () => controlled())
    const answers = works.map((work, i) => gate.run(async () => (started.push(i), work.done)))
    await turn()
    expect(started).toEqual([0, 1])
    expect([gate.active, gate.waiting]).toEqual([2, 3])
    works[1]!.finish('b')
    await turn()
    await turn()
    expect(started).toEqual([0, 1, 2])
    works[0]!.finish('a')
    works[2]!.finish('c')
    await turn()
    await turn()
    expect(started).toEqual([0, 1, 2, 3, 4])
    works[3]!.finish('d')
    works[4]!.finish('e')
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd', 'e'])
    await turn()
    expect([gate.active, gate.waiting]).toEqual([0, 0])
  })

  it('hands a place on in a later turn of the event loop, so waiting connections are taken up between requests', async () => {
    const gate = createRequestGate(1)
    const order: string[] = []
    const first = gate.run(async () => {
      order.push('first')
      setImmediate(() => order.push('a turn of the event loop'))
    })
    const second = gate.run(async () => order.push('second'))
    await Promise.all([first, second])
    expect(order).toEqual(['first', 'a turn of the event loop', 'second'])
  })

  it('a failed request hands its place on as well', async () => {
    const gate = createRequestGate(1)
    const failed = gate.run(async () => {
      throw new Error('refused')
    })
    const next = gate.run(async () => 'answered')
    await expect(failed).rejects.toThrow('refused')
    await expect(next).resolves.toBe('answered')
    await turn()
    expect(gate.active).toBe(0)
  })

  it('refuses a limit under 1', () => {
    expect(() => createRequestGate(0)).toThrow()
    expect(() => createRequestGate(1.5)).toThrow()
    expect(() => createRequestGate(1, -1)).toThrow()
  })

  it('lets at most `maxWaiting` wait: one more is refused at once (GateFull), and waits again once the line moves', async () => {
    const gate = createRequestGate(1, 2)
    const works = Array.from({ length: 3 }, () => controlled())
    const answers = works.map((work) => gate.run(() => work.done))
    await turn()
    expect([gate.active, gate.waiting]).toEqual([1, 2])
    await expect(gate.run(async () => 'too many')).rejects.toBeInstanceOf(GateFull)
    works[0]!.finish('a')
    await turn()
    await turn()
    expect([gate.active, gate.waiting]).toEqual([1, 1])
    const later = gate.run(async () => 'waited')
    works[1]!.finish('b')
    works[2]!.finish('c')
    expect(await Promise.all([...answers, later])).toEqual(['a', 'b', 'c', 'waited'])
    // none may wait: refused whenever every place is taken
    const none = createRequestGate(1, 0)
    const only = controlled()
    const running = none.run(() => only.done)
    await expect(none.run(async () => 'x')).rejects.toBeInstanceOf(GateFull)
    only.finish('done')
    await running
  })

  it('drops a waiting request whose client went away (its work never runs), and one already gone is not taken', async () => {
    const gate = createRequestGate(1)
    const first = controlled()
    const ran: string[] = []
    const running = gate.run(() => first.done)
    const client = new AbortController()
    const gone = gate.run(async () => void ran.push('gone'), client.signal)
    const next = gate.run(async () => void ran.push('next'))
    await turn()
    expect(gate.waiting).toBe(2)
    client.abort()
    await expect(gone).rejects.toBeInstanceOf(ClientGone)
    expect(gate.waiting).toBe(1)
    await expect(gate.run(async () => 'x', AbortSignal.abort())).rejects.toBeInstanceOf(ClientGone)
    first.finish('a')
    await Promise.all([running, next])
    expect(ran).toEqual(['next'])
    // aborting after the work started changes nothing
    const late = new AbortController()
    const started = gate.run(async () => (late.abort(), 'answered'), late.signal)
    await expect(started).resolves.toBe('answered')
  })

  it('lets 1 024 wait by default; REQUEST_QUEUE_LIMIT decides', () => {
    expect(DEFAULT_MAX_WAITING).toBe(1024)
    expect(requestQueueLimit({})).toBe(1024)
    expect(requestQueueLimit({ REQUEST_QUEUE_LIMIT: 0 })).toBe(0)
    expect(requestQueueLimit({ REQUEST_QUEUE_LIMIT: 50 })).toBe(50)
  })

  it('limits PGlite to two and PostgreSQL to four by default, API_ORIGIN not at all; REQUEST_CONCURRENCY decides (0: no limit)', () => {
    expect(requestConcurrency({})).toBe(PGLITE_REQUEST_CONCURRENCY)
    expect(PGLITE_REQUEST_CONCURRENCY).toBe(2)
    expect(requestConcurrency({ DATABASE_URL: 'postgres://db/shop' })).toBe(POSTGRES_REQUEST_CONCURRENCY)
    expect(POSTGRES_REQUEST_CONCURRENCY).toBe(4)
    expect(requestConcurrency({ API_ORIGIN: 'https://api.example.ch' })).toBeNull()
    expect(requestConcurrency({ REQUEST_CONCURRENCY: 8 })).toBe(8)
    expect(requestConcurrency({ REQUEST_CONCURRENCY: 4, API_ORIGIN: 'https://api.example.ch' })).toBe(4)
    expect(requestConcurrency({ REQUEST_CONCURRENCY: 0 })).toBeNull()
  })
})
