import type { Me, Role } from '~/api/admin-client'

/** owner ⊃ manager ⊃ guide: the UI's mirror of the server's check (which is what protects). */
const RANK: Record<Role, number> = { guide: 1, manager: 2, owner: 3 }

export function hasRole(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed]
}

/** A signed-in member whose role is too small for a page: the 401 page 'You are not authorised to view this page'. */
export class NotAuthorisedError extends Error {
  readonly status = 401
  constructor() {
    super(NOT_AUTHORISED)
    this.name = 'NotAuthorisedError'
  }
}

/** Its message: a loader's error reaches the browser as a plain Error with only its message. */
const NOT_AUTHORISED = 'staff-app: role too small for this page (401)'

/** Whether an error is the refusal of `requireRole`, also after it crossed from the server to the browser. */
export function isNotAuthorised(error: unknown): boolean {
  return error instanceof NotAuthorisedError || (error instanceof Error && error.message === NOT_AUTHORISED)
}

/**
 * For a page's `beforeLoad` under the signed-in layout (`/$lang/admin/_app`), with the page's
 * `errorComponent: AdminErrorScreen`: refuses a member below `needed`.
 */
export function requireRole(context: { me: Me }, needed: Role): void {
  if (!hasRole(context.me.member.role, needed)) throw new NotAuthorisedError()
}
