/**
 * The demo shops' staff: on first start each demo shop without staff gets an owner, a manager
 * and a guide with random passwords. Only the hashes are stored; the passwords go to
 * DATA_DIR/admin/{shop}.credentials (readable by the owner only, one `role email password` a
 * line) and are printed once.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { count, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { shops, staff } from '~/server/db/schema'
import { newStaffId, recordStaffEvent, type Role } from '~/server/domain/staff/accounts'
import { hashPassword, passwordErrors } from '~/server/domain/staff/passwords'
import type { Locale } from '~/lib/locale'

type DemoMember = { role: Role; name: string }

export const demoStaff: Record<string, { locale: Locale; members: DemoMember[] }> = {
  alpin: {
    locale: 'de',
    members: [
      { role: 'owner', name: 'Anna Keller' },
      { role: 'manager', name: 'Marco Rossi' },
      { role: 'guide', name: 'Lea Brunner' },
    ],
  },
  atelier: {
    locale: 'fr',
    members: [
      { role: 'owner', name: 'Claire Dubois' },
      { role: 'manager', name: 'Luc Favre' },
      { role: 'guide', name: 'Nina Roulin' },
    ],
  },
}

/** The demo e-mail of a role, e.g. `owner@alpin.example`. */
export const demoStaffEmail = (shopId: string, role: Role) => `${role}@${shopId}.example`

/** A random password of 20 characters (120 bits) that follows the password rules. */
export function randomPassword(): string {
  for (;;) {
    const password = randomBytes(15).toString('base64url')
    if (Object.keys(passwordErrors(password, password)).length === 0) return password
  }
}

/** Creates the demo staff of every demo shop that exists and has no staff yet; returns the shops done. */
export async function ensureDemoStaff(db: Db, dataDir: string, log: (line: string) => void = () => {}): Promise<string[]> {
  const done: string[] = []
  const present = await db.select({ id: shops.id }).from(shops).where(inArray(shops.id, Object.keys(demoStaff)))
  for (const { id } of present) {
    const [row] = await db.select({ n: count() }).from(staff).where(eq(staff.shopId, id))
    if ((row?.n ?? 0) > 0) continue
    const { locale, members } = demoStaff[id]!
    const accounts = await Promise.all(
      members.map(async (member) => {
        const password = randomPassword()
        return { ...member, id: newStaffId(), email: demoStaffEmail(id, member.role), password, passwordHash: await hashPassword(password) }
      }),
    )
    await db.insert(staff).values(accounts.map(({ id: staffId, email, name, role, passwordHash }) => ({ id: staffId, shopId: id, email, name, role, locale, passwordHash })))
    for (const account of accounts) await recordStaffEvent(db, { shopId: id, staffId: account.id, actorId: null, action: 'created', details: { by: 'first start' } })
    const dir = join(dataDir, 'admin')
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const file = join(dir, `${id}.credentials`)
    const lines = accounts.map((a) => `${a.role} ${a.email} ${a.password}`)
    writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 })
    chmodSync(file, 0o600) // a file left from an earlier database keeps its mode otherwise
    const shown = relative(process.cwd(), file)
    log(`[admin] staff of shop ${id} (sign in at /${locale}/admin), written to ${shown.startsWith('..') ? file : shown}:`)
    for (const line of lines) log(`[admin]   ${line}`)
    done.push(id)
  }
  return done
}
