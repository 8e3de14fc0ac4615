/** Staff accounts of a shop: roles, the contract's view of a member, lookups and the history. */
import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db } from '~/server/db/client'
import { staff, staffEvents } from '~/server/db/schema'
import { wellFormedText } from '~/server/domain/text'

export type StaffMember = components['schemas']['StaffMember']
export type Role = components['schemas']['Role']
export type StaffRow = typeof staff.$inferSelect

/** Owner ⊃ manager ⊃ guide. */
export const ROLES = ['guide', 'manager', 'owner'] as const satisfies readonly Role[]

/** Whether a member with `role` may do what needs `needed`. */
export const hasRole = (role: Role, needed: Role) => ROLES.indexOf(role) >= ROLES.indexOf(needed)

/** E-mail addresses are compared and stored in lower case, without surrounding spaces. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** A new member id (random, URL-safe, matches the contract's OpaqueId). */
export const newStaffId = () => randomBytes(16).toString('base64url')

export function statusOf(row: Pick<StaffRow, 'active' | 'passwordHash'>): StaffMember['status'] {
  if (!row.active) return 'inactive'
  return row.passwordHash ? 'active' : 'invited'
}

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone ?? null,
    locale: row.locale,
    role: row.role,
    status: statusOf(row),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  }
}

/** A member of this shop (another shop's id finds nothing). */
export async function findStaffById(db: Db, shopId: string, id: string): Promise<StaffRow | undefined> {
  if (!id) return undefined
  const [row] = await db.select().from(staff).where(and(eq(staff.shopId, shopId), eq(staff.id, id)))
  return row
}

export async function findStaffByEmail(db: Db, shopId: string, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.shopId, shopId), eq(staff.email, normaliseEmail(email))))
  return row
}

/** jsonb refuses a lone surrogate: in recorded details it becomes U+FFFD (../text). */
const wellFormed = (details: Record<string, unknown>): Record<string, unknown> =>
  JSON.parse(JSON.stringify(details, (_, value) => (typeof value === 'string' ? wellFormedText(value) : value)))

/** Records what happened to a member (who did it: `actorId`, null for the system). */
export async function recordStaffEvent(
  db: Db,
  event: { shopId: string; staffId: string; actorId: string | null; action: string; details?: Record<string, unknown>; at?: Date },
) {
  await db.insert(staffEvents).values({ id: randomUUID(), ...event, details: wellFormed(event.details ?? {}) })
}
