import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runShopCommand, validateShopConfig } from '../../scripts/shop'
import { eq } from 'drizzle-orm'
import type { Database } from '../../src/server/db/client'
import { shops } from '../../src/server/db/schema'
import { listChanges } from '../../src/server/domain/history/change-log'
import { SHOP_CHANGED } from '../../src/server/domain/settings/notify'
import { demoShops } from '../../src/server/seed/demo-shops'
import { describeEachDatabase } from '../support/databases'

const root = join(import.meta.dirname, '..', '..')

/** The real command line, in a process of its own (migrates and seeds DATA_DIR first). */
function cli(dataDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/shop.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', API_ORIGIN: '', NODE_ENV: 'production' },
  })
  return { status: result.status, out: result.stdout, err: result.stderr }
}

function configFile(embed: unknown) {
  const file = join(mkdtempSync(join(tmpdir(), 'shop-cli-')), 'config.json')
  writeFileSync(file, JSON.stringify({ ...demoShops[0]!.config, embed }))
  return file
}

describe('npm run shop: a shop configuration from the command line', () => {
  it('accepts the demo configurations and names what is wrong in a bad one', () => {
    for (const shop of demoShops) expect(validateShopConfig(shop.config), shop.slug).toEqual([])
    const bad = { ...demoShops[0]!.config, embed: { allowedOrigins: ["https://a.ch; script-src 'unsafe-inline'"] }, theme: { colorPalette: { primary: { background: 'red', foreground: [0, 0, 0] } } }, extra: 1 }
    const problems = validateShopConfig(bad)
    expect(problems.join('\n')).toMatch(/\/embed\/allowedOrigins\/0 must match pattern/)
    expect(problems.join('\n')).toMatch(/\/theme\/colorPalette\/primary\/background/)
    expect(problems.join('\n')).toMatch(/additional properties: extra/)
  })

  it('runs as a command: a wrong command line is refused before any database is opened, a good one prepares DATA_DIR and saves', { timeout: 120_000 }, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-cli-'))
    const wrong = cli(dataDir, 'show', 'BAD/ID')
    expect(wrong.status).toBe(2)
    expect(wrong.err).toContain('usage: npm run shop --')
    const put = cli(dataDir, 'put', 'bergschule', configFile({ allowedOrigins: ['https://www.example.ch'] }))
    expect(put.status, put.err).toBe(0)
    expect(put.out).toContain('shop bergschule saved')
  })
})

describeEachDatabase('npm run shop: its commands', (factory) => {
  let database: Database
  beforeAll(async () => {
    database = await factory.create()
  })
  afterAll(async () => {
    await database?.close()
  })
  const run = (...args: string[]) => runShopCommand(database.db, args)

  it('puts, shows and lists a shop; refuses a bad file without touching the database', async () => {
    const put = await run('put', 'bergschule', configFile({ allowedOrigins: ['https://www.example.ch'] }))
    expect(put.status, put.err).toBe(0)
    expect(put.out).toContain('shop bergschule saved')
    const domain = await run('domain', 'bergschule', 'www.bergschule.ch')
    expect(domain.status, domain.err).toBe(0)
    const shown = await run('show', 'bergschule')
    expect(JSON.parse(shown.out).embed).toEqual({ allowedOrigins: ['https://www.example.ch'] })
    expect((await run('list')).out).toMatch(/bergschule\twww\.bergschule\.ch/)
    // --primary: the domain the shop's links use (one per shop)
    const primary = await run('domain', 'bergschule', 'bergschule.ch', '--primary')
    expect(primary.status, primary.err).toBe(0)
    const listed = (await run('list')).out.split('\n').find((l) => l.startsWith('bergschule\t'))!.split('\t')
    expect(listed.slice(1).sort()).toEqual(['bergschule.ch (primary)', 'www.bergschule.ch'])

    const refused = await run('put', 'bergschule', configFile({ allowedOrigins: ['*'] }))
    expect(refused.status).toBe(1)
    expect(refused.err).toContain('does not match the contract')
    expect(JSON.parse((await run('show', 'bergschule')).out).embed).toEqual({ allowedOrigins: ['https://www.example.ch'] })
    expect((await run('domain', 'bergschule', 'not a domain')).status).toBe(1)
    expect((await run('show', 'nobody')).err).toContain('no shop nobody')
  })

  it('makes a put a new version, recorded in the history and announced to running servers', async () => {
    const heard: (string | undefined)[] = []
    const stop = await database.listen(SHOP_CHANGED, (id) => heard.push(id))
    try {
      const [before] = await database.db.select().from(shops).where(eq(shops.id, 'bergschule'))
      expect((await run('put', 'bergschule', configFile({ allowedOrigins: ['https://www.bergschule.ch'] }))).status).toBe(0)
      const [after] = await database.db.select().from(shops).where(eq(shops.id, 'bergschule'))
      expect(after!.version).toBe(before!.version + 1)
      const [record] = await listChanges(database.db, 'bergschule', 'settings', 'bergschule')
      expect(record).toMatchObject({ actor: null, action: 'replaced_from_command_line', changes: [{ field: 'embed.allowedOrigins', before: ['https://www.example.ch'], after: ['https://www.bergschule.ch'] }] })
      await expect.poll(() => heard).toContain('bergschule')
    } finally {
      await stop()
    }
    expect((await run('show', 'BAD/ID')).status).toBe(2)
    expect((await run('put', 'bergschule')).status).toBe(2)
    expect((await run('domain', 'bergschule', 'x.ch', '--other')).status).toBe(2)
  })
})
