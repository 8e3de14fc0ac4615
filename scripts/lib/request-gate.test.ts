import { describe, expect, it } from 'vitest'
import { createRequestGate, PGLITE_REQUEST_CONCURRENCY, POSTGRES_REQUEST_CONCURRENCY, requestConcurrency } from './request-gate'

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
