/**
 * The Docker files (Dockerfile, compose.yaml, deploy/Caddyfile, .dockerignore) stay in step with
 * the code. Docker cannot run on the development machines, so nothing here builds an image: the
 * files are read and compared with the server they package.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../scripts/lib/serve-process'

const root = join(import.meta.dirname, '..', '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')

/** Dockerfile instructions, continuation lines joined, comment lines dropped. */
function instructions(text: string) {
  const lines = text.split('\n').filter((line) => !/^\s*#/.test(line))
  const joined = lines.join('\n').replace(/\\\n/g, ' ')
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/)
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') }
    })
}

const dockerfile = instructions(read('Dockerfile'))
const all = (keyword: string) => dockerfile.filter((i) => i.keyword === keyword)
/** The instructions of the last stage (the image that runs). */
const runtime = dockerfile.slice(dockerfile.findLastIndex((i) => i.keyword === 'FROM'))

type Service = { environment?: Record<string, string>; image?: string; build?: unknown; volumes?: string[]; ports?: string[]; depends_on?: Record<string, { condition: string }> }
// merge: the `<<` keys of YAML 1.1 that Compose understands.
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> }
const appServices = ['app1', 'app2'] as const

/** The variables src/server/env.ts reads (the keys of its zod schema). */
function envSchemaKeys() {
  const source = read('src/server/env.ts')
  const start = source.indexOf('const EnvSchema = z.object({')
  expect(start, 'EnvSchema in src/server/env.ts').toBeGreaterThan(-1)
  const body = source.slice(start, source.indexOf('\n})', start))
  return new Set([...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!))
}

describe('Dockerfile', () => {
  it('runs the server as npm start does: node dist/serve.mjs, from a build made in the image', () => {
    const cmd = all('CMD').at(-1)
    expect(cmd, 'a CMD').toBeDefined()
    expect(JSON.parse(cmd!.args)).toEqual(['node', ...SERVER_NODE_ARGS, 'dist/serve.mjs'])
    expect(read('vite.config.ts'), 'npm run build writes dist/serve.mjs').toContain('serveBundle()')
    expect(read('scripts/bootstrap.mjs'), 'npm start runs the same file, with the same flags').toContain("[...serverProcess.nodeArgs, join(root, 'dist', 'serve.mjs')")
    const runs = all('RUN').map((r) => r.args)
    expect(runs.some((r) => r.includes('npm ci'))).toBe(true)
    expect(runs.some((r) => r.includes('npm run build'))).toBe(true)
    // What serve.ts reads at run time is copied into the last stage.
    const copied = runtime.filter((i) => i.keyword === 'COPY').map((i) => i.args).join(' ')
    for (const path of ['package.json', 'tsconfig.json', 'node_modules', 'dist', 'src', 'seed', 'scripts']) {
      expect(copied, `the runtime stage copies ${path}`).toContain(`/app/${path}`)
    }
  })

  it('sets the variables of scripts/server-process.json, as npm start and the servers of the tests do', () => {
    const env = runtime.filter((i) => i.keyword === 'ENV').map((i) => i.args).join(' ')
    expect(Object.keys(SERVER_ENV)).toContain('MALLOC_ARENA_MAX')
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(env).toContain(`${name}=${value}`)
    expect(read('scripts/bootstrap.mjs')).toContain("readFileSync(join(root, 'scripts', 'server-process.json')")
  })

  it('keeps tsx after `npm prune --omit=dev` (a first start on PGlite migrates with scripts/db.ts under tsx)', () => {
    // tsx is a devDependency; --omit=dev keeps it only while the lockfile also needs it outside
    // the dev tree (today: an optional peer of vite), i.e. while it is not marked dev-only.
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dev?: boolean }> }
    expect(lock.packages['node_modules/tsx'], 'tsx in the lockfile').toBeDefined()
    expect(lock.packages['node_modules/tsx']!.dev, 'tsx would be pruned: move it to dependencies or drop the prune').not.toBe(true)
  })

  it('uses the Node major of the `node` package the project runs on', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }
    const version = pkg.dependencies?.node ?? pkg.devDependencies?.node
    expect(version, 'the npm package `node` in package.json').toBeDefined()
    const major = /(\d+)/.exec(version!)![1]
    const images = all('FROM').map((f) => f.args.split(/\s+/)[0]!)
    expect(images.length).toBeGreaterThan(0)
    for (const image of images) expect(image).toMatch(new RegExp(`^node:${major}(-|$)`))
  })

  it('sets only variables the server knows, and a health check on a real route', () => {
    const known = envSchemaKeys()
    const env = runtime.filter((i) => i.keyword === 'ENV').flatMap((i) => [...i.args.matchAll(/([A-Z_][A-Z0-9_]*)=/g)].map((m) => m[1]!))
    expect(env).toEqual(expect.arrayContaining(['NODE_ENV', 'HOST', 'PORT', 'DATA_DIR']))
    // those of scripts/server-process.json are glibc's, read when the process starts (their own test is above)
    for (const name of env.filter((n) => !(n in SERVER_ENV))) expect(known, `ENV ${name}`).toContain(name)

    const health = all('HEALTHCHECK').at(-1)
    expect(health, 'a HEALTHCHECK').toBeDefined()
    const path = /path:'([^']+)'/.exec(health!.args)?.[1]
    expect(path).toBe('/api/webshop/v1/config')
    // The server serves every path of the contract (src/server/api/contract.ts refuses to start otherwise).
    expect(read('openapi/webshop.yaml')).toContain(`\n  ${path}:\n`)
  })
})

describe('compose.yaml', () => {
  it('sets only variables the server knows', () => {
    const known = envSchemaKeys()
    for (const name of appServices) {
      const env = compose.services[name]?.environment
      expect(env, `${name}.environment`).toBeDefined()
      for (const key of Object.keys(env!)) expect(known, `${name}: ${key}`).toContain(key)
    }
  })

  it('runs two instances of the image on one PostgreSQL with one APP_SECRET', () => {
    const [a, b] = appServices.map((name) => compose.services[name]!)
    for (const service of [a!, b!]) expect(service.build).toBeDefined()
    for (const key of ['DATABASE_URL', 'APP_SECRET'] as const) {
      expect(a!.environment?.[key], key).toBeTruthy()
      expect(b!.environment?.[key], key).toBe(a!.environment?.[key])
    }
    expect(new URL(a!.environment!.DATABASE_URL!.replace(/\$\{[^}]*\}/g, 'x')).hostname).toBe('postgres')
    expect(compose.services.postgres?.image).toMatch(/^postgres:/)
    for (const service of [a!, b!]) expect(service.depends_on?.postgres?.condition).toBe('service_healthy')
    // The apps are reached only through the proxy (TRUST_PROXY takes the proxy's X-Forwarded-For).
    for (const service of [a!, b!]) expect(service.ports).toBeUndefined()
  })

  it('balances over both apps through deploy/Caddyfile', () => {
    const proxy = compose.services.proxy!
    expect(proxy.image).toMatch(/^caddy:/)
    expect(proxy.volumes?.some((v) => v.startsWith('./deploy/Caddyfile:'))).toBe(true)
    const caddyfile = read('deploy/Caddyfile')
    expect(caddyfile).toMatch(/reverse_proxy\s+app1:3000\s+app2:3000/)
    expect(caddyfile).toMatch(/lb_policy\s+round_robin/)
  })
})

describe('.dockerignore', () => {
  it('keeps local dependencies, builds, data and secrets out of the build context', () => {
    const entries = read('.dockerignore').split('\n').map((l) => l.trim())
    for (const entry of ['node_modules', 'dist', 'data', '.git', '.env', 'test-results', 'bench-results']) expect(entries).toContain(entry)
  })
})
