import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Role } from '~/api/admin-client'
import { hasRole } from './access'

export type NavEntry = {
  /** Path below `/{lang}/admin` (`''` is the start page). */
  path: string
  label: MessageDescriptor
  /** What the entry is for (the start page shows it). */
  description: MessageDescriptor
  /** The smallest role that may open it (the server checks the same per operation). */
  role: Role
  /** Marked current on this path only, not on the paths below it. */
  exact?: boolean
}

export type NavGroup = { id: string; label: MessageDescriptor; entries: NavEntry[] }

/**
 * The sidebar's groups, each entry with the role it needs. A group appears when the feature
 * that fills it exists (no empty "coming soon" pages); a member sees the entries of their role.
 */
export const NAVIGATION: NavGroup[] = [
  {
    id: 'dashboard',
    label: msg`Dashboard`,
    entries: [
      {
        path: '',
        label: msg`Dashboard`,
        description: msg`The next sessions with places taken and free, requests waiting for an answer, unpaid bookings and the latest bookings.`,
        role: 'guide',
        exact: true,
      },
    ],
  },
  {
    id: 'planning',
    label: msg`Planning`,
    entries: [
      {
        path: '/my-sessions',
        label: msg`My sessions`,
        description: msg`Your own dates of the next two weeks with the participants, their extras and the phone of who booked; on your phone, readable offline once loaded.`,
        role: 'guide',
      },
      {
        path: '/planning/board',
        label: msg`Planning board`,
        description: msg`The week's and the day's dates with the guides they need; assign guides by menu or drag and drop, seeing who is available.`,
        role: 'manager',
      },
      {
        path: '/planning/availability',
        label: msg`Availability`,
        description: msg`When you (or, for managers, each member of staff) can work: per date, morning or afternoon, and a weekly pattern.`,
        role: 'guide',
      },
    ],
  },
  {
    id: 'working-time',
    label: msg`Working time`,
    entries: [
      {
        path: '/working-time',
        label: msg`Working time`,
        description: msg`Your hours per month from the dates you guided and your own entries; managers approve the months and download them for payroll.`,
        role: 'guide',
      },
    ],
  },
  {
    id: 'sales',
    label: msg`Sales`,
    entries: [
      { path: '/sales/bookings', label: msg`Bookings`, description: msg`Find a booking by code, name, e-mail or phone; payments, cancellations, participants and the list of a session.`, role: 'manager' },
      { path: '/sales/requests', label: msg`Requests`, description: msg`Requests from visitors: read them, reply, accept or decline.`, role: 'manager' },
    ],
  },
  {
    id: 'crm',
    label: msg`CRM`,
    entries: [{ path: '/crm/customers', label: msg`Customers`, description: msg`The people and companies who booked, with their bookings and totals; edit, export or erase their data.`, role: 'manager' }],
  },
  {
    id: 'finance',
    label: msg`Finance`,
    entries: [{ path: '/finance', label: msg`Payments`, description: msg`Payments received, refunds, open amounts and totals per period and payment method.`, role: 'owner' }],
  },
  {
    id: 'reporting',
    label: msg`Reporting`,
    entries: [
      {
        path: '/reports',
        label: msg`Reports`,
        description: msg`Bookings, revenue and occupancy per week, month and offer; where visitors booked; how fast requests were answered.`,
        role: 'manager',
      },
    ],
  },
  {
    id: 'offers',
    label: msg`Offers`,
    entries: [{ path: '/offers', label: msg`Offers`, description: msg`Create and edit offers: texts, images, variants, prices and extras; publish, archive, duplicate.`, role: 'manager' }],
  },
  {
    id: 'staff',
    label: msg`Staff`,
    entries: [{ path: '/staff', label: msg`Staff`, description: msg`Invite staff, change their roles, deactivate accounts.`, role: 'owner' }],
  },
  {
    id: 'settings',
    label: msg`Settings`,
    entries: [
      {
        path: '/settings/general',
        label: msg`General`,
        description: msg`The shop's title, languages, images, colours, contact details, legal texts, booking rules and embedding.`,
        role: 'owner',
      },
      {
        path: '/settings/offers',
        label: msg`Offers and activities`,
        description: msg`Tags with their names and icons, and the filters of the offer overview.`,
        role: 'manager',
      },
    ],
  },
  {
    id: 'info',
    label: msg`Further information`,
    entries: [
      { path: '/info/widgets', label: msg`Widgets`, description: msg`Booking widgets for your own website: the code to paste, with a live preview.`, role: 'manager' },
      { path: '/info/api', label: msg`API reference`, description: msg`The shop's and the staff app's APIs, for developers who build on them.`, role: 'manager' },
      { path: '/info', label: msg`About and help`, description: msg`The version running and what each part of the staff app is for.`, role: 'guide', exact: true },
    ],
  },
]

/** The groups a role may use, without the entries (and groups) it may not. */
export function navigationFor(role: Role): NavGroup[] {
  return NAVIGATION.map((group) => ({ ...group, entries: group.entries.filter((e) => hasRole(role, e.role)) })).filter((g) => g.entries.length > 0)
}
