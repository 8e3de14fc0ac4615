// A production server (dist/serve.mjs, the bundle of `scripts/serve.ts`: ADR 042) in a process of
// its own, as the benchmarks, Lighthouse and the multi-process e2e suites start it, with the
// environment `npm start` gives it; its log kept for error messages and out of the caller's
// output. Plain Node: Playwright test files can import it.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')

/** What `vite build` writes next to the server bundle (vite-plugin-serve-bundle.ts). */
export const SERVE_BUNDLE = join(root, 'dist', 'serve.mjs')

/**
 * How the server's process starts, as `npm start` starts it (scripts/server-process.json, ADR 042):
 * Node flags (V8's young generation) and variables read at start (glibc's malloc arenas: with the
 * default of 8 per core zlib, the file system and V8's helper threads kept about 170 MiB).
 */
const serverProcess = JSON.parse(readFileSync(join(root, 'scripts', 'server-process.json'), 'utf8')) as { nodeArgs: string[]; env: Record<string, string> }
export const SERVER_NODE_ARGS: readonly string[] = serverProcess.nodeArgs
export const SERVER_ENV: Readonly<Record<string, string>> = serverProcess.env

export type ServeProcess = { process: ChildProcess; origin: string; pid: number; output: () => string }

/**
 * Starts the server on 127.0.0.1:`port` with the demo shop `alpin` as the default tenant, on
 * PGlite unless `env` says otherwise (pass DATA_DIR, or DATABASE_URL), and waits until it answers.
 */
export async function startServeProcess(port: number, env: Record<string, string> = {}, timeoutMs = 90_000): Promise<ServeProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVE_BUNDLE], {
    cwd: root,
    env: {
      ...SERVER_ENV,
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      HOSTED_DOMAIN: 'localhost',
      DEFAULT_TENANT: 'alpin',
      DATABASE_URL: '',
      API_ORIGIN: '',
      PUBLIC_SCHEME: '',
      PUBLIC_PORT: '',
      SENTRY_DSN: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // a server the test stops itself; never longer than a whole test run
    timeout: 60 * 60_000,
  })
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const server: ServeProcess = { process: child, origin: `http://localhost:${port}`, pid: child.pid!, output: () => output }
  const deadline = Date.now() + timeoutMs
  while (!output.includes('the shop is at')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stopServeProcess(server, 'SIGKILL')
      throw new Error(`the server did not start:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return server
}

/**
 * Stops it (SIGTERM: a clean shutdown, SIGKILL after 15 s if it hangs; SIGKILL: a crash) and
 * waits until it has exited.
 */
export async function stopServeProcess(server: ServeProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return
  const exited = new Promise((resolve) => server.process.once('exit', resolve))
  server.process.kill(signal)
  const force = setTimeout(() => server.process.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(force)
}

/**
 * A port nobody listens on now (the OS picks it). Never a random one from a range: this machine's
 * services listen on some (RabbitMQ's epmd on 4369 made the bench's cold start fail once).
 */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}
