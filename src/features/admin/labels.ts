import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Role, StaffMember } from '~/api/admin-client'
import type { Locale } from '~/lib/locale'

export const ROLE_LABELS: Record<Role, MessageDescriptor> = { owner: msg`Owner`, manager: msg`Manager`, guide: msg`Guide` }
export const ROLE_ORDER: Role[] = ['owner', 'manager', 'guide']

export const STATUS_LABELS: Record<StaffMember['status'], MessageDescriptor> = {
  invited: msg`Invited`,
  active: msg`Active`,
  inactive: msg`Deactivated`,
}

/** Language names in their own language (the same in every catalogue). */
export const LANGUAGE_NAMES: Record<Locale, string> = { de: 'Deutsch', en: 'English', fr: 'Français' }
