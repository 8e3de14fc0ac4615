/**
 * Server-side staff sessions. The cookie carries 256 random bits; only their SHA-256 is stored,
 * so a copy of the database signs nobody in. A session ends after 8 hours without use or
 * 7 days after sign-in, whichever comes first, and at once when its member is deactivated.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, lt, ne, or } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db } from '~/server/db/client'
import { staff, staffSessions } from '~/server/db/schema'
import type { Role } from './accounts'
import type { Locale } from '~/lib/locale'

export const SESSION_IDLE_MS = 8 * 60 * 60_000
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60_000
/** `lastSeenAt` is written at most once a minute per session. */
const TOUCH_MS = 60_000
const SECRET = /^[A-Za-z0-9_-]{43}$/

/** Who is signed in, as every staff operation sees it. */
export type StaffPrincipal = {
  staffId: string
  shopId: string
  role: Role
  locale: Locale
  name: string
  sessionIdHash: string
  /** The absolute end of the session. */
  expiresAt: Date
}

export type StaffSessionView = components['schemas']['StaffSession']

export const sessionHash = (secret: string) => createHash('sha256').update(secret).digest('hex')

export async function createStaffSession(db: Db, input: { shopId: string; staffId: string; userAgent: string; now: Date }) {
  const secret = randomBytes(32).toString('base64url')
  const idHash = sessionHash(secret)
  const expiresAt = new Date(input.now.getTime() + SESSION_ABSOLUTE_MS)
  await db.insert(staffSessions).values({
    idHash,
    handle: randomBytes(12).toString('base64url'),
    shopId: input.shopId,
    staffId: input.staffId,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt,
    userAgent: input.userAgent.slice(0, 300),
  })
  return { secret, idHash, expiresAt }
}

/** The signed-in member of a session secret, or null (unknown, expired, other shop, inactive member). */
export async function authenticateStaffSession(db: Db, shopId: string, secret: string | undefined, now: Date): Promise<StaffPrincipal | null> {
  if (!secret || !SECRET.test(secret)) return null
  const idHash = sessionHash(secret)
  const [row] = await db
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.idHash, idHash))
  if (!row || row.session.shopId !== shopId || row.member.shopId !== shopId) return null
  const idleEnd = row.session.lastSeenAt.getTime() + SESSION_IDLE_MS
  if (now.getTime() >= row.session.expiresAt.getTime() || now.getTime() >= idleEnd || !row.member.active || !row.member.passwordHash) {
    await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash))
    return null
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash))
  }
  return {
    staffId: row.member.id,
    shopId,
    role: row.member.role,
    locale: row.member.locale,
    name: row.member.name,
    sessionIdHash: idHash,
    expiresAt: row.session.expiresAt,
  }
}

export async function endStaffSession(db: Db, idHash: string) {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash))
}

/** Ends every session of a member (but `except`, when given). */
export async function endStaffSessions(db: Db, staffId: string, options: { except?: string } = {}) {
  await db
    .delete(staffSessions)
    .where(options.except ? and(eq(staffSessions.staffId, staffId), ne(staffSessions.idHash, options.except)) : eq(staffSessions.staffId, staffId))
}

/** A member's live sessions, the current one first, then the most recently used. */
export async function listStaffSessions(db: Db, staffId: string, currentIdHash: string, now: Date): Promise<StaffSessionView[]> {
  const rows = await db
    .select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .orderBy(desc(staffSessions.lastSeenAt))
    .limit(100)
  return rows
    .map((row) => ({
      id: row.handle,
      current: row.idHash === currentIdHash,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      userAgent: row.userAgent,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current))
}

/** Deletes sessions that ended (run now and then; expired ones are refused anyway). */
export async function purgeStaffSessions(db: Db, now: Date) {
  await db
    .delete(staffSessions)
    .where(or(lt(staffSessions.expiresAt, now), lt(staffSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))))
}
