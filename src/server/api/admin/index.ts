import type { AdminOperationHandlers, AdminOperationId } from '~/server/api/types'
import { about } from './about'
import { contact } from './contact'
import { icons } from './icons'
import { links } from './links'
import { media } from './media'
import { profile } from './profile'
import { session } from './session'
import { settings } from './settings'
import { staff } from './staff'

/**
 * The handler of every operation of openapi/admin.yaml, keyed by operationId (one file per tag).
 * The dispatcher has checked the session and the role (`x-role`) before a handler runs.
 */
export const adminHandlers = {
  ...session,
  ...links,
  ...profile,
  ...contact,
  ...staff,
  ...settings,
  ...icons,
  ...media,
  ...about,
} satisfies AdminOperationHandlers

/** No key beyond the contract's operations (spreads escape the excess-property check). */
type Never<T extends never> = T
export type NoExtraAdminHandlers = Never<Exclude<keyof typeof adminHandlers, AdminOperationId>>
