// `npm start`, its first half (after scripts/bootstrap.mjs has installed dependencies): builds
// when the sources changed since the last build. Then bootstrap.mjs runs the server the build
// wrote, dist/serve.mjs, which migrates, seeds on first run and serves dist/ (ADR 042).
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { spawnSync } from 'node:child_process'

const root = join(import.meta.dirname, '..')
const INPUTS = ['src', 'openapi', 'seed', 'scripts/serve.ts', 'scripts/lib', 'vite.config.ts', 'vite-aliases.ts', 'vite-plugin-embed-loader.ts', 'vite-plugin-route-trees.ts', 'vite-plugin-serve-bundle.ts', 'lingui.config.ts', 'tsconfig.json', 'package-lock.json']
const stampFile = join(root, 'dist', '.build-stamp')

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name))
  } else {
    yield path
  }
}

/** A hash of everything the build reads (routeTree.gen.ts is written by the build itself). */
export function sourceHash() {
  const hash = createHash('sha256')
  for (const input of INPUTS) {
    for (const file of files(join(root, input))) {
      if (file.endsWith('routeTree.gen.ts')) continue
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
    }
  }
  return hash.digest('hex')
}

export function buildIfStale(log = console.log) {
  const wanted = sourceHash()
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : ''
  if (built === wanted && existsSync(join(root, 'dist', 'server', 'server.js')) && existsSync(join(root, 'dist', 'serve.mjs'))) {
    log('[build] dist/ is up to date')
    return
  }
  log('[build] sources changed since the last build: vite build')
  const result = spawnSync('vite', ['build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], timeout: 20 * 60_000 })
  if (result.status !== 0) throw new Error('the build failed; see the output above')
  writeFileSync(stampFile, wanted + '\n')
}

if (import.meta.filename === process.argv[1]) {
  try {
    buildIfStale()
  } catch (error) {
    console.error('[start] could not start:', error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
