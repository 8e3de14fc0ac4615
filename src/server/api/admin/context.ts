import { DomainError } from '~/server/domain/errors'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import type { ApiContext } from '~/server/api/types'

/** The signed-in member of a staff operation (the dispatcher has checked it; never absent there). */
export function staffOf(ctx: ApiContext): StaffPrincipal {
  if (!ctx.staff) throw new DomainError('unauthorised', 'auth.required', 'Please sign in.')
  return ctx.staff
}
