import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client'
import { markDatabaseError } from '../db/errors'
import { ClientAbortError, isClientAbort, isDatabaseUnavailable, readRequestBody } from './problem'

const nodeAbort = () => Object.assign(new Error('aborted'), { code: 'ECONNRESET' })

describe('client aborts and an unreachable database are told apart', () => {
  it('does not take a reset of the visitor’s connection for the database', () => {
    expect(isDatabaseUnavailable(nodeAbort())).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('terminated', { cause: nodeAbort() }))).toBe(false)
    expect(isDatabaseUnavailable(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' }))).toBe(false)
    expect(isClientAbort(nodeAbort())).toBe(true)
    expect(isClientAbort(new ClientAbortError(new Error('x')))).toBe(true)
    expect(isClientAbort(new DOMException('The operation was aborted', 'AbortError'))).toBe(true)
  })

  it('takes the aborted request signal as the client’s going away', () => {
    const controller = new AbortController()
    const request = new Request('http://localhost/', { signal: controller.signal })
    expect(isClientAbort(new Error('whatever'), request)).toBe(false)
    controller.abort()
    expect(isClientAbort(new Error('whatever'), request)).toBe(true)
  })

  it('wraps a body that cannot be read as the client’s abort', async () => {
    const body = new ReadableStream({ start: (c) => c.error(nodeAbort()) })
    const request = new Request('http://localhost/', { method: 'POST', body, duplex: 'half' } as RequestInit)
    const error = await readRequestBody(request).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ClientAbortError)
    expect(isClientAbort(error)).toBe(true)
    expect(isDatabaseUnavailable(error)).toBe(false)
  })

  it('recognises the database’s own errors: marked, or PostgreSQL’s answers', () => {
    expect(isDatabaseUnavailable(markDatabaseError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' }))).toBe(false)
    expect(isClientAbort(markDatabaseError(nodeAbort()))).toBe(false)
  })

  it('finds a PostgreSQL that cannot be reached through the real driver, in a query and in a transaction', async () => {
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' })
    try {
      const query = await database.db.execute('select 1').catch((e: unknown) => e)
      expect(isDatabaseUnavailable(query)).toBe(true)
      expect(isClientAbort(query)).toBe(false)
      const transaction = await database.db.transaction(async () => {}).catch((e: unknown) => e)
      expect(isDatabaseUnavailable(transaction)).toBe(true)
    } finally {
      await database.close()
    }
  })
})
