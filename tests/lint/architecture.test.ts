// The linter enforces the architecture: with the project's own eslint.config.js it must reject a
// layering violation, browser code importing the server, the domain importing HTTP and an
// import cycle (of values or of types) — and accept an allowed import. Fixtures live in tests/lint-fixtures/ (ignored by
// the normal run); the layering ones are linted as if they lived at a path under src/.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const fixtures = join(root, 'tests', 'lint-fixtures')
// `ignore: false` lifts the config's ignores (tests/lint-fixtures/** among them).
const eslint = new ESLint({ cwd: root, ignore: false })

async function lintAs(fixture: string, asPath: string) {
  const code = readFileSync(join(fixtures, fixture), 'utf8')
  const [result] = await eslint.lintText(code, { filePath: join(root, asPath) })
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }))
}

describe('eslint.config.js encodes the layers', () => {
  // Loading the parsers and plugins and resolving the first module graph is the slow part.
  beforeAll(() => lintAs('component-imports-lib.ts', 'src/components/lint-fixture.tsx'))

  it('rejects lib importing a route (an upward import)', async () => {
    const messages = await lintAs('lib-imports-route.ts', 'src/lib/lint-fixture.ts')
    expect(messages).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('lib must not import routes'),
    })
  })

  it('rejects browser code importing src/server', async () => {
    const messages = await lintAs('component-imports-server.ts', 'src/components/lint-fixture.tsx')
    expect(messages).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('Browser code must not import server code'),
    })
  })

  it('rejects the domain importing src/server/http', async () => {
    const messages = await lintAs('domain-imports-http.ts', 'src/server/domain/lint-fixture.ts')
    expect(messages).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('The domain knows nothing of HTTP'),
    })
  })

  it('accepts an import that follows the layers (components -> lib)', async () => {
    expect(await lintAs('component-imports-lib.ts', 'src/components/lint-fixture.tsx')).toEqual([])
  })

  it('rejects an import cycle', async () => {
    const results = await eslint.lintFiles([join(fixtures, 'cycle-a.ts'), join(fixtures, 'cycle-b.ts')])
    for (const result of results) {
      expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle')
    }
    expect(results).toHaveLength(2)
  })

  it('rejects an import cycle made of type-only imports (which import-x/no-cycle skips)', async () => {
    const results = await eslint.lintFiles([join(fixtures, 'type-cycle-a.ts'), join(fixtures, 'type-cycle-b.ts')])
    expect(results).toHaveLength(2)
    for (const result of results) {
      expect(result.messages.map((m) => m.ruleId)).toEqual(['local/no-type-cycle'])
    }
  })

  it('reports a value cycle once (import-x/no-cycle), not again as a type cycle', async () => {
    const results = await eslint.lintFiles([join(fixtures, 'cycle-a.ts')])
    expect(results[0]!.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle'])
  })
})
