#!/usr/bin/env node
// Entry of `npm start` and `npm test`. Runs on whatever Node the machine has (Node 20 here):
// plain JavaScript, no dependencies. It installs the project's dependencies when they are
// missing or stale (lockfile changed), then hands over to the project's own Node 24
// (npm package `node`, installed at node_modules/.bin/node) running scripts/<command>.ts, and for
// `npm start` then the server that command built, dist/serve.mjs.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const command = process.argv[2]
// serve: the server of the last build, without building (npm run serve)
const commands = { start: 'scripts/start.ts', test: 'scripts/test.ts', serve: null }
if (!Object.hasOwn(commands, command ?? '')) {
  console.error(`usage: node scripts/bootstrap.mjs ${Object.keys(commands).join('|')} [args]`)
  process.exit(2)
}

const lockfile = join(root, 'package-lock.json')
const stampFile = join(root, 'node_modules', '.install-stamp')
const projectNode = join(root, 'node_modules', '.bin', 'node')

function installHash() {
  const hash = createHash('sha256')
  hash.update(readFileSync(join(root, 'package.json')))
  if (existsSync(lockfile)) hash.update(readFileSync(lockfile))
  return hash.digest('hex')
}

const wanted = installHash()
const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : ''
if (current !== wanted || !existsSync(projectNode)) {
  const args = existsSync(lockfile)
    ? ['ci', '--no-audit', '--no-fund']
    : ['install', '--no-audit', '--no-fund']
  console.log(`[bootstrap] dependencies missing or stale: npm ${args.join(' ')}`)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit', timeout: 30 * 60_000 })
  if (result.status !== 0) {
    console.error('[bootstrap] installing dependencies failed; see the npm output above.')
    process.exit(result.status ?? 1)
  }
  writeFileSync(stampFile, wanted + '\n')
}

// How the server's process starts (ADR 042): its Node flags, and variables read at start (glibc's
// malloc arenas), given to every child so that the servers the tests start have them too.
const serverProcess = JSON.parse(readFileSync(join(root, 'scripts', 'server-process.json'), 'utf8'))
const childEnv = {
  ...serverProcess.env,
  ...process.env,
  PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
}

// Node 24 runs the TypeScript scripts (tsx adds the `~/` alias and extensionless imports).
const result = command === 'serve' ? { status: 0 } : spawnSync(
  projectNode,
  ['--import', 'tsx', join(root, commands[command]), ...process.argv.slice(3)],
  {
    cwd: root,
    stdio: 'inherit',
    // `npm test` takes about 25 minutes on the 2-core machine; nothing may hang forever (for
    // `npm start` this is only the build: the server runs below, until it is stopped)
    timeout: 150 * 60_000,
    env: childEnv,
  },
)
if (result.error) console.error(`[bootstrap] ${command} stopped: ${result.error.message}`)
if (result.signal) process.kill(process.pid, result.signal)
if (result.status !== 0 || command === 'test') process.exit(result.status ?? 1)

// `npm start`: scripts/start.ts has built dist/ when it was stale; the server the build wrote
// runs on plain Node (ADR 042). Signals reach it through this process: SIGTERM and SIGINT stop
// it cleanly, SIGHUP and SIGUSR2 restart its workers one at a time.
process.env.NODE_ENV ??= 'production'
// runs until stopped: the shop's server, stopped by a signal (no test starts it this way)
const server = spawn(projectNode, [...serverProcess.nodeArgs, join(root, 'dist', 'serve.mjs'), ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...childEnv, NODE_ENV: process.env.NODE_ENV },
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGUSR2']) process.on(signal, () => server.kill(signal))
server.on('error', (error) => {
  console.error(`[bootstrap] the server did not start: ${error.message}`)
  process.exit(1)
})
server.on('exit', (code, signal) => {
  // ended by a signal: so does this process (its own forwarding handler out of the way)
  if (signal) {
    process.removeAllListeners(signal)
    process.kill(process.pid, signal)
    // a signal Node ignores (SIGPIPE) would not end it
    setTimeout(() => process.exit(1), 1000)
    return
  }
  process.exit(code ?? 1)
})
