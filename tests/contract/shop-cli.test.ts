import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { validateShopConfig } from '../../scripts/shop'
import { demoShops } from '../../src/server/seed/demo-shops'

const root = join(import.meta.dirname, '..', '..')

function cli(dataDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/shop.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', API_ORIGIN: '', NODE_ENV: 'production' },
  })
  return { status: result.status, out: result.stdout, err: result.stderr }
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

  it('puts, shows and lists a shop; refuses a bad file without touching the database', { timeout: 120_000 }, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-cli-'))
    const file = join(dataDir, 'config.json')
    writeFileSync(file, JSON.stringify({ ...demoShops[0]!.config, embed: { allowedOrigins: ['https://www.example.ch'] } }))
    const put = cli(dataDir, 'put', 'bergschule', file)
    expect(put.status, put.err).toBe(0)
    expect(put.out).toContain('shop bergschule saved')
    const domain = cli(dataDir, 'domain', 'bergschule', 'www.bergschule.ch')
    expect(domain.status, domain.err).toBe(0)
    const shown = cli(dataDir, 'show', 'bergschule')
    expect(JSON.parse(shown.out).embed).toEqual({ allowedOrigins: ['https://www.example.ch'] })
    expect(cli(dataDir, 'list').out).toMatch(/bergschule\twww\.bergschule\.ch/)
    // --primary: the domain the shop's links use (one per shop)
    const primary = cli(dataDir, 'domain', 'bergschule', 'bergschule.ch', '--primary')
    expect(primary.status, primary.err).toBe(0)
    const listed = cli(dataDir, 'list').out.split('\n').find((l) => l.startsWith('bergschule\t'))!.split('\t')
    expect(listed.slice(1).sort()).toEqual(['bergschule.ch (primary)', 'www.bergschule.ch'])

    writeFileSync(file, JSON.stringify({ ...demoShops[0]!.config, embed: { allowedOrigins: ['*'] } }))
    const refused = cli(dataDir, 'put', 'bergschule', file)
    expect(refused.status).toBe(1)
    expect(refused.err).toContain('does not match the contract')
    expect(JSON.parse(cli(dataDir, 'show', 'bergschule').out).embed).toEqual({ allowedOrigins: ['https://www.example.ch'] })
    expect(cli(dataDir, 'domain', 'bergschule', 'not a domain').status).toBe(1)
    expect(cli(dataDir, 'show', 'BAD/ID').status).toBe(2)
  })
})
