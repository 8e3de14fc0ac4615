import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { buildServe, nodeResolves, pinImportMeta, SERVE_ENTRY } from './build-serve'

const root = join(import.meta.dirname, '..', '..')

describe('the server bundle (dist/serve.mjs)', () => {
  it('keeps a module of src/ finding the files next to it', () => {
    const file = join(root, 'src/server/db/migrate.ts')
    const pinned = pinImportMeta("new URL('./migrations', import.meta.url); import.meta.dirname; import.meta.filename", file)
    expect(pinned).toBe(`new URL('./migrations', ${JSON.stringify(pathToFileURL(file).href)}); ${JSON.stringify(join(root, 'src/server/db'))}; ${JSON.stringify(file)}`)
    // the entry's own stay: it finds dist/ and starts its workers from where the bundle is
    expect(pinImportMeta('import.meta.filename', SERVE_ENTRY)).toBe('import.meta.filename')
  })

  it('leaves to Node the packages Node resolves as written, and bundles the others', () => {
    expect(nodeResolves('dayjs')).toBe(true)
    expect(nodeResolves('srvx/static')).toBe(true)
    expect(nodeResolves('dayjs/plugin/utc.js')).toBe(true)
    // a subpath without its extension: fine for a bundler, not for Node's ES modules
    expect(nodeResolves('dayjs/plugin/utc')).toBe(false)
    expect(nodeResolves('no-such-package-here')).toBe(false)
  })

  describe('built', () => {
    const dir = join(root, 'test-results', 'serve-bundle')
    const outfile = join(dir, 'serve.mjs')
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it('loads on plain Node, without tsx, with the server and the code of src/ inside', { timeout: 60_000 }, async () => {
      const inputs = await buildServe(outfile)
      expect(inputs).toContain(join(root, 'scripts/serve.ts'))
      expect(inputs.some((input) => input.endsWith('src/server/runtime.ts'))).toBe(true)
      const text = readFileSync(outfile, 'utf8')
      expect(text).not.toMatch(/from ["']tsx/)
      expect(text).not.toMatch(/from ["']~\//)
      // imported, not run (it starts only as the process's main module): every import resolves
      const loaded = spawnSync(process.execPath, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(pathToFileURL(outfile).href)}); console.log(typeof m.main, typeof m.compress)`], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
        timeout: 30_000,
      })
      expect(loaded.stderr).toBe('')
      expect(loaded.stdout.trim()).toBe('function function')
    })
  })
})
