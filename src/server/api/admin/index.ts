import type { AdminOperationHandlers, AdminOperationId } from '~/server/api/types'
import { about } from './about'
import { availability } from './availability'
import { calendarFeed } from './calendar-feed'
import { bookingDetail } from './booking-detail'
import { bookings } from './bookings'
import { customers } from './customers'
import { dashboard } from './dashboard'
import { finance } from './finance'
import { contact } from './contact'
import { icons } from './icons'
import { links } from './links'
import { media } from './media'
import { mySessions } from './my-sessions'
import { offers } from './offers'
import { planning } from './planning'
import { profile } from './profile'
import { refunds } from './refunds'
import { reports } from './reports'
import { requests } from './requests'
import { schedules } from './schedules'
import { session } from './session'
import { sessions } from './sessions'
import { settings } from './settings'
import { staff } from './staff'
import { workingTime } from './working-time'

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
  ...sessions,
  ...icons,
  ...media,
  ...offers,
  ...about,
  ...schedules,
  ...dashboard,
  ...bookings,
  ...bookingDetail,
  ...requests,
  ...customers,
  ...finance,
  ...refunds,
  ...reports,
  ...availability,
  ...planning,
  ...calendarFeed,
  ...workingTime,
  ...mySessions,
} satisfies AdminOperationHandlers

/** No key beyond the contract's operations (spreads escape the excess-property check). */
type Never<T extends never> = T
export type NoExtraAdminHandlers = Never<Exclude<keyof typeof adminHandlers, AdminOperationId>>
