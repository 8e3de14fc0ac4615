import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../../../tests/support/databases'
import type { Database } from '~/server/db/client'
import { staff } from '~/server/db/schema'
import { passwordErrors, useFastPasswordHashing } from '~/server/domain/staff/passwords'
import { signIn } from '~/server/domain/staff/sign-in'
import { ensureDemoStaff, randomPassword } from './demo-staff'
import { seedDemoData } from './seed'

useFastPasswordHashing()

it('makes random passwords of at least 16 characters that follow the rules', () => {
  const passwords = Array.from({ length: 200 }, randomPassword)
  for (const password of passwords) {
    expect(password.length).toBeGreaterThanOrEqual(16)
    expect(passwordErrors(password, password)).toEqual({})
  }
  expect(new Set(passwords).size).toBe(200)
})

describeEachDatabase('the demo shops’ staff on first start', (factory) => {
  let database: Database
  beforeAll(async () => {
    database = await factory.create()
    await seedDemoData(database.db, { offers: false })
  })
  afterAll(() => database?.close())

  it('gives each demo shop an owner, a manager and a guide, written once to DATA_DIR/admin/{shop}.credentials (0600)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'demo-staff-'))
    const logged: string[] = []
    expect((await ensureDemoStaff(database.db, dataDir, (line) => logged.push(line))).sort()).toEqual(['alpin', 'atelier'])
    const rows = await database.db.select().from(staff)
    expect(rows.map((r) => [r.shopId, r.role, r.email, r.name, r.locale]).sort()).toEqual([
      ['alpin', 'guide', 'guide@alpin.example', 'Lea Brunner', 'de'],
      ['alpin', 'manager', 'manager@alpin.example', 'Marco Rossi', 'de'],
      ['alpin', 'owner', 'owner@alpin.example', 'Anna Keller', 'de'],
      ['atelier', 'guide', 'guide@atelier.example', 'Nina Roulin', 'fr'],
      ['atelier', 'manager', 'manager@atelier.example', 'Luc Favre', 'fr'],
      ['atelier', 'owner', 'owner@atelier.example', 'Claire Dubois', 'fr'],
    ])
    for (const shopId of ['alpin', 'atelier']) {
      const file = join(dataDir, 'admin', `${shopId}.credentials`)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      const lines = readFileSync(file, 'utf8').trim().split('\n').map((line) => line.split(' '))
      expect(lines.map(([role]) => role)).toEqual(['owner', 'manager', 'guide'])
      for (const [, email, password] of lines) {
        expect(logged.join('\n')).toContain(`${email} ${password}`)
        expect(JSON.stringify(rows)).not.toContain(password!)
        const { member } = await signIn(database.db, { shopId, email: email!, password: password!, address: '127.0.0.1', userAgent: 'Test', now: new Date() })
        expect(member.email).toBe(email)
      }
    }
    // A later start finds the staff there: nothing created, nothing written, nothing printed.
    logged.length = 0
    expect(await ensureDemoStaff(database.db, mkdtempSync(join(tmpdir(), 'demo-staff-')), (line) => logged.push(line))).toEqual([])
    expect(logged).toEqual([])
    expect(await database.db.select().from(staff)).toHaveLength(6)
  })
})
