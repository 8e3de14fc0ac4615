// The floor of `npm run bench`: a minimal TanStack Start app of this checkout's dependency
// versions (bench/floor), built when its build is missing or older than its sources or the
// lockfile, and served in a process of its own like the shop.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')
const floor = join(root, 'bench', 'floor')

const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((m, e) => Math.max(m, e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs), 0)

export function buildFloorIfStale(log: (line: string) => void = console.log) {
  const built = join(floor, 'dist', 'server', 'server.js')
  const sources = Math.max(newest(join(floor, 'src')), statSync(join(floor, 'vite.config.ts')).mtimeMs, statSync(join(root, 'package-lock.json')).mtimeMs)
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return
  log('[bench] building the floor (bench/floor)')
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', join(floor, 'vite.config.ts')], { cwd: root, stdio: 'inherit', timeout: 10 * 60_000 })
}

export type FloorServer = { origin: string; pid: number; stop: () => Promise<void> }

export async function startFloor(port: number): Promise<FloorServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(floor, 'serve.ts')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60 * 60_000,
  })
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const deadline = Date.now() + 60_000
  while (!output.includes('[floor] at')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL')
      throw new Error(`the floor did not start:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(force)
    },
  }
}
