// Makes sure Debian's Chromium is there for the end-to-end tests (never a Playwright download).
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export function ensureChromium(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore', timeout: 10_000 }).status === 0
  if (isRoot && hasApt) {
    console.log('[e2e] Chromium is missing: apt-get install -y chromium')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env, timeout: 10 * 60_000 })
    const result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env, timeout: 20 * 60_000 })
    if (result.status === 0 && existsSync(CHROMIUM)) return CHROMIUM
  }
  throw new Error(
    `Chromium was not found at ${CHROMIUM}. Install Debian's package as root: ` +
      '`apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary). ' +
      'Do not use `npx playwright install`.',
  )
}

if (import.meta.filename === process.argv[1]) {
  try {
    console.log(ensureChromium())
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
