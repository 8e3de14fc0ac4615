import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../scripts/admin'
import { shopDomains, staff } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'

useFastPasswordHashing()
const root = join(import.meta.dirname, '..', '..')

/** The real command line, in a process of its own (migrates and seeds DATA_DIR first). */
function cli(dataDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', API_ORIGIN: '', NODE_ENV: 'production', HOSTED_DOMAIN: 'example.ch', PUBLIC_SCHEME: 'https' },
  })
  return { status: result.status, out: result.stdout, err: result.stderr }
}

describe('npm run admin: the command line', () => {
  it('refuses a wrong command line before any database is opened; a good one prepares DATA_DIR (demo staff included) and invites', { timeout: 180_000 }, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'))
    const wrong = cli(dataDir, 'create-owner', '--shop', 'alpin')
    expect(wrong.status).toBe(2)
    expect(wrong.err).toContain('usage: npm run admin --')
    const invited = cli(dataDir, 'create-owner', '--shop', 'atelier', '--email', 'Chef@Atelier.CH', '--name', 'Camille Chef')
    expect(invited.status, invited.err).toBe(0)
    expect(invited.out).toMatch(/^https:\/\/atelier\.example\.ch\/fr\/admin\/password\/[A-Za-z0-9_-]{22,64}$/m)
    // the first start gave the demo shop its staff
    expect(readFileSync(join(dataDir, 'admin', 'atelier.credentials'), 'utf8')).toMatch(
      /^owner owner@atelier\.example \S{16,}\nmanager manager@atelier\.example \S{16,}\nguide guide@atelier\.example \S{16,}\n$/,
    )
  })
})

describeEachDatabase('npm run admin: its commands', (factory) => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp(factory)
  })
  afterAll(() => app?.close())
  const origin = { hostedDomain: HOSTED_DOMAIN, defaultShop: 'alpin', scheme: 'http' as const, port: null }
  const run = (...args: string[]) => runAdminCommand(app.database.db, args, { origin })
  const linkIn = (out: string) => /\/admin\/password\/([A-Za-z0-9_-]+)$/m.exec(out)?.[1]

  it('refuses a wrong command line with the usage (exit status 2), touching nothing', async () => {
    const wrong = [
      [],
      ['list'],
      ['list', '--shop', 'BAD/ID'],
      ['list', '--shop', 'alpin', 'extra'],
      ['drop', '--shop', 'alpin'],
      ['create-owner', '--shop', 'alpin', '--email', 'not-an-address'],
      ['create-owner', '--shop', 'alpin', '--email', 'x@y.ch', '--locale', 'it'],
      ['create-owner', '--shop', 'alpin', '--email', 'x@y.ch', '--name', '  '],
      ['create-owner', '--shop', 'alpin', '--email', 'x@y.ch', '--role', 'guide'],
    ]
    for (const args of wrong) {
      const result = await run(...args)
      expect(result.status, args.join(' ')).toBe(2)
      expect(result.err).toContain('usage: npm run admin --')
    }
    expect(await app.database.db.select().from(staff)).toEqual([])
  })

  it('creates an owner without a password and prints an invitation link that names them', async () => {
    const result = await run('create-owner', '--shop', 'alpin', '--email', ' Owner@Alpin.CH ', '--name', 'Ruth Meier', '--locale', 'en')
    expect(result, result.err).toMatchObject({ status: 0, err: '' })
    expect(result.out).toMatch(new RegExp(`^http://alpin\\.${HOSTED_DOMAIN.replace('.', '\\.')}/en/admin/password/[A-Za-z0-9_-]+$`, 'm'))
    const [row] = await app.database.db.select().from(staff).where(eq(staff.email, 'owner@alpin.ch'))
    expect(row).toMatchObject({ shopId: 'alpin', role: 'owner', name: 'Ruth Meier', locale: 'en', active: true, passwordHash: null })
    const link = await app.call(`http://alpin.${HOSTED_DOMAIN}/api/admin/v1/links/${linkIn(result.out)}`)
    expect(link.status).toBe(200)
    expect(await link.json()).toMatchObject({ data: { purpose: 'invitation', email: 'owner@alpin.ch', name: 'Ruth Meier' } })
    // the link is for this shop only
    expect((await app.call(`http://atelier.${HOSTED_DOMAIN}/api/admin/v1/links/${linkIn(result.out)}`)).status).toBe(404)
  })

  it('gives an owner who has not used the link a new one (the old one stops working); refuses anybody else', async () => {
    const first = linkIn((await run('create-owner', '--shop', 'atelier', '--email', 'claire@atelier.ch')).out)
    const again = await run('create-owner', '--shop', 'atelier', '--email', 'claire@atelier.ch')
    expect(again.status).toBe(0)
    expect(linkIn(again.out)).not.toBe(first)
    expect((await app.call(`http://atelier.${HOSTED_DOMAIN}/api/admin/v1/links/${first}`)).status).toBe(404)
    expect((await app.call(`http://atelier.${HOSTED_DOMAIN}/api/admin/v1/links/${linkIn(again.out)}`)).status).toBe(200)
    // the shop's first language by default, the part before @ as the name
    const [row] = await app.database.db.select().from(staff).where(eq(staff.email, 'claire@atelier.ch'))
    expect(row).toMatchObject({ name: 'claire', locale: 'fr' })
    await app.database.db.update(staff).set({ passwordHash: 'scrypt$set' }).where(eq(staff.id, row!.id))
    const taken = await run('create-owner', '--shop', 'atelier', '--email', 'claire@atelier.ch')
    expect(taken.status).toBe(1)
    expect(taken.err).toContain('already a staff member')
    expect(await run('create-owner', '--shop', 'nowhere', '--email', 'a@b.ch')).toMatchObject({ status: 1, err: '[admin] no shop nowhere\n' })
  })

  it("uses the shop's primary custom domain in the link, and lists the staff owners first", async () => {
    await app.database.db.insert(shopDomains).values({ domain: 'www.alpin-abenteuer.ch', shopId: 'alpin', primary: true }).onConflictDoUpdate({ target: shopDomains.domain, set: { primary: true } })
    const result = await run('create-owner', '--shop', 'alpin', '--email', 'second@alpin.ch')
    expect(result.out).toMatch(/^http:\/\/www\.alpin-abenteuer\.ch\/de\/admin\/password\//m)
    await app.database.db.insert(staff).values({ id: 'guide-of-alpin-0001', shopId: 'alpin', email: 'aaron@alpin.ch', name: 'Aaron', locale: 'de', role: 'guide', passwordHash: 'scrypt$x' })
    const list = await run('list', '--shop', 'alpin')
    expect(list.out.trim().split('\n').map((line) => line.split('\t').slice(0, 3))).toEqual([
      ['owner', 'invited', 'owner@alpin.ch'],
      ['owner', 'invited', 'second@alpin.ch'],
      ['guide', 'active', 'aaron@alpin.ch'],
    ])
    expect((await run('list', '--shop', 'atelier')).status).toBe(0)
  })
})
