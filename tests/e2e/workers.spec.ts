/**
 * Workers per core (ADR 038), against the production build in real server processes on
 * PostgreSQL: the primary's workers answer, one that dies is replaced, a rolling restart (SIGHUP)
 * fails no request, SIGTERM exits 0. With PGlite the server stays one process. No browser.
 * The supervisor's bounds (in-flight requests on SIGTERM, restart storms) are tested with a plain
 * HTTP worker in scripts/lib/cluster.test.ts.
 */
import { mkdtempSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { startServeProcess, stopServeProcess, type ServeProcess } from '../../scripts/lib/serve-process'
import { freshPostgresDatabase } from '../support/postgres-database'
import { POSTGRES_HINT, postgresMissingUnderCi, postgresUrl, underCi } from '../support/postgres-env'
import { childrenOf } from '../support/process-tree'


/** One request on a connection of its own (no keep-alive socket to lose): the status. */
function status(port: number, path = '/api/webshop/v1/config'): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: 20_000, headers: { host: 'localhost' } }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', reject)
  })
}

async function until(check: () => boolean, what: string, ms: number) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

test.describe('workers per core', () => {
  test.describe.configure({ mode: 'serial' })
  test.setTimeout(240_000)

  test('on PostgreSQL: two workers answer, a dead one is replaced, SIGHUP restarts them without a failed request, SIGTERM exits 0', async () => {
    if (!postgresUrl && underCi) throw postgresMissingUnderCi('workers per core')
    test.skip(!postgresUrl, `${POSTGRES_HINT}: workers need PostgreSQL`)
    const database = await freshPostgresDatabase('webshop_workers')
    const port = 4591
    let server: ServeProcess | undefined
    try {
      // no rate limits: the rolling restart below asks as fast as it can from one address, and a
      // 429 is the read limit's answer, not a request the restart lost (the limits have their own tests)
      server = await startServeProcess(port, { DATABASE_URL: database.url.href, DATA_DIR: mkdtempSync(join(tmpdir(), 'workers-')), WEB_CONCURRENCY: '2', RATE_LIMIT_READS_PER_MINUTE: '0', RATE_LIMIT_WRITES_PER_MINUTE: '0' }, 120_000)
      const primary = server.pid
      expect(server.output()).toMatch(new RegExp(`the shop is at http://127\\.0\\.0\\.1:${port} \\(pid ${primary}, 2 workers: \\d+, \\d+\\)`))
      const workers = childrenOf(primary)
      expect(workers).toHaveLength(2)
      for (let i = 0; i < 6; i++) expect(await status(port)).toBe(200)
      expect(await status(port, '/de')).toBe(200)

      // a worker killed: another takes its place, the other one answers meanwhile (a connection
      // the primary hands to the dead worker before it learns of its death is lost: ADR 038)
      process.kill(workers[0]!, 'SIGKILL')
      await until(() => server!.output().includes(`worker ${workers[0]} died (SIGKILL): starting another`), 'the replacement', 10_000)
      for (let i = 0; i < 4; i++) expect(await status(port)).toBe(200)
      await until(() => childrenOf(primary).length === 2 && !childrenOf(primary).includes(workers[0]!), 'a second worker', 10_000)

      // a rolling restart under requests: none fails, and the workers are new
      const before = childrenOf(primary)
      await new Promise((r) => setTimeout(r, 3000)) // the new worker listens
      server.process.kill('SIGHUP')
      const statuses: number[] = []
      const failures: string[] = []
      await Promise.all(
        Array.from({ length: 3 }, async () => {
          while (!/rolling restart (done|stopped)/.test(server!.output())) {
            await status(port).then(
              (s) => statuses.push(s),
              (error: Error) => failures.push(error.message),
            )
          }
        }),
      )
      expect(server.output()).toContain('rolling restart done')
      expect(failures).toEqual([])
      expect(statuses.length).toBeGreaterThan(10)
      expect(statuses.filter((s) => s !== 200)).toEqual([])
      const after = childrenOf(primary)
      expect(after).toHaveLength(2)
      expect(after.filter((pid) => before.includes(pid))).toEqual([])

      const exited = new Promise<number | null>((resolve) => server!.process.once('exit', (code) => resolve(code)))
      server.process.kill('SIGTERM')
      expect(await exited).toBe(0)
      for (const pid of after) expect(() => process.kill(pid, 0)).toThrow()
    } finally {
      await stopServeProcess(server, 'SIGKILL')
      await database.drop()
    }
  })

  test('on PGlite: one process, WEB_CONCURRENCY named as ignored', async () => {
    const server = await startServeProcess(4592, { DATA_DIR: mkdtempSync(join(tmpdir(), 'workers-pglite-')), WEB_CONCURRENCY: '2' }, 120_000)
    try {
      expect(server.output()).toContain('WEB_CONCURRENCY=2 is ignored: PGlite is served by one process')
      expect(childrenOf(server.pid)).toEqual([])
      expect(await status(4592)).toBe(200)
    } finally {
      await stopServeProcess(server)
    }
  })
})
