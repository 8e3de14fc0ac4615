// The production server's workers (scripts/lib/cluster.ts, ADR 038), with a plain HTTP server as
// the worker (tests/support/cluster-fixture.ts): the real server on PostgreSQL is tested by
// tests/e2e/workers.spec.ts, after the build.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { childrenOf } from '../../tests/support/process-tree'

const root = join(import.meta.dirname, '..', '..')
let nextPort = 4540

type Primary = { child: ChildProcess; port: number; output: () => string; exit: Promise<number | null> }
const started: Primary[] = []

async function startPrimary(env: Record<string, string> = {}, waitForReady = true): Promise<Primary> {
  const port = nextPort++
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/cluster-fixture.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const primary = { child, port, output: () => output, exit }
  started.push(primary)
  const deadline = Date.now() + 30_000
  while (waitForReady && !output.includes('[fixture] ready')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the fixture did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  return primary
}

afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

/** One request on a connection of its own: answers the worker's pid (or throws). */
function ask(port: number, ms = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: `/?ms=${ms}`, agent: false, timeout: 15_000 }, (response) => {
      let body = ''
      response.on('data', (d) => (body += d))
      response.on('end', () => (response.statusCode === 200 ? resolve(Number(body)) : reject(new Error(`status ${response.statusCode}`))))
      response.on('error', reject)
    })
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', reject)
  })
}

const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1])

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The pids that answer `n` requests. */
async function answering(port: number, n = 12) {
  const pids = new Set<number>()
  for (let i = 0; i < n; i++) pids.add(await ask(port))
  return pids
}

describe('workers per core (scripts/lib/cluster.ts)', () => {
  it('answers from two worker processes, children of the primary, on one port', async () => {
    const primary = await startPrimary({ WORKERS: '2' })
    const pids = await answering(primary.port)
    expect(pids.size).toBe(2)
    for (const pid of pids) {
      expect(pid).not.toBe(primary.child.pid)
      expect(parentOf(pid)).toBe(primary.child.pid)
    }
    expect(childrenOf(primary.child.pid!).sort()).toEqual([...pids].sort())
  }, 60_000)

  it('replaces a worker that dies, and keeps answering', async () => {
    const primary = await startPrimary({ WORKERS: '2' })
    const before = childrenOf(primary.child.pid!)
    process.kill(before[0]!, 'SIGKILL')
    await until(() => childrenOf(primary.child.pid!).length === 2 && !childrenOf(primary.child.pid!).includes(before[0]!), 'a new worker')
    await until(async () => (await answering(primary.port)).size === 2, 'two workers answering')
    const now = await answering(primary.port)
    expect(now.has(before[0]!)).toBe(false)
    expect(now.has(before[1]!)).toBe(true)
    expect(primary.output()).toMatch(new RegExp(`worker ${before[0]} died \\(SIGKILL\\): starting another`))
  }, 60_000)

  it('SIGTERM: a request in flight is answered, then every process exits with 0', async () => {
    const primary = await startPrimary({ WORKERS: '2' })
    const workers = childrenOf(primary.child.pid!)
    const slow = ask(primary.port, 1500)
    await new Promise((r) => setTimeout(r, 300))
    primary.child.kill('SIGTERM')
    const pid = await slow
    expect(workers).toContain(pid)
    expect(await primary.exit).toBe(0)
    expect(primary.output()).toContain('[fixture] the primary cleaned up')
    for (const worker of workers) expect(() => process.kill(worker, 0)).toThrow()
    await expect(ask(primary.port)).rejects.toThrow()
  }, 60_000)

  it('SIGHUP restarts the workers one at a time without a failed request', async () => {
    const primary = await startPrimary({ WORKERS: '2' })
    const before = childrenOf(primary.child.pid!)
    let stop = false
    const failures: unknown[] = []
    let answered = 0
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!stop) {
          try {
            await ask(primary.port, 20)
            answered++
          } catch (error) {
            failures.push(error)
          }
        }
      }),
    )
    await new Promise((r) => setTimeout(r, 300))
    primary.child.kill('SIGHUP')
    await until(() => primary.output().includes('rolling restart done'), 'the rolling restart', 40_000)
    await new Promise((r) => setTimeout(r, 300))
    stop = true
    await load
    expect(failures).toEqual([])
    expect(answered).toBeGreaterThan(20)
    const after = childrenOf(primary.child.pid!)
    expect(after).toHaveLength(2)
    expect(after.filter((pid) => before.includes(pid))).toEqual([])
    expect((await answering(primary.port)).size).toBe(2)
  }, 90_000)

  it('SIGTERM during a rolling restart stops the new worker too, and every process exits with 0', async () => {
    const primary = await startPrimary({ WORKERS: '2', START_DELAY_MS: '1500' })
    primary.child.kill('SIGHUP')
    await until(() => primary.output().includes('rolling restart of 2 workers'), 'the rolling restart')
    await new Promise((r) => setTimeout(r, 500))
    const all = childrenOf(primary.child.pid!)
    expect(all).toHaveLength(3)
    primary.child.kill('SIGTERM')
    expect(await primary.exit).toBe(0)
    for (const worker of all) expect(() => process.kill(worker, 0)).toThrow()
    expect(primary.output()).not.toMatch(/did not stop|rolling restart done/)
  }, 60_000)

  it('workers that keep dying stop the primary with exit code 1 and say so', async () => {
    const primary = await startPrimary({ WORKERS: '2', MAX_RESTARTS: '3', CRASH_AFTER_MS: '100' }, false)
    expect(await primary.exit).toBe(1)
    expect(primary.output()).toMatch(/4 workers died within 60 s .*giving up/)
    expect(primary.output()).toContain('[fixture] the primary cleaned up')
  }, 60_000)
})
