import { useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import type { Locale } from '~/lib/locale'
import { instantRange } from './format'

/** What the board and the assign dialog say after a write, in the member's language. */
export function usePlanningTexts(lang: Locale, timeZone: string) {
  const { t } = useLingui()
  const noted = (text: string, note: string | undefined) => (note ? `${text} ${t`Their note: ${note}`}` : text)
  return {
    assigned: (name: string, offer: string, time: string) => t`${name} is now a guide of ${offer} at ${time}.`,
    assignedMaybe: (name: string, offer: string, time: string, note?: string) =>
      noted(t`${name} is assigned to ${offer} at ${time}, but said “maybe” for this time: please check with them.`, note),
    assignedException: (name: string, offer: string, time: string) => t`${name} is assigned to ${offer} at ${time} as an exception, although they said they are unavailable.`,
    already: (name: string, offer: string, time: string) => t`${name} is already a guide of ${offer} at ${time}.`,
    removed: (name: string, offer: string, time: string) => t`${name} is no longer a guide of ${offer} at ${time}.`,
    /** A refused write's message (409/404 of the planning operations), or undefined for others (the generic error then). */
    refusal: (error: unknown, name: string): string | undefined => {
      if (!(error instanceof ApiError)) return undefined
      const data = (error.body.data ?? {}) as Record<string, unknown>
      switch (error.code) {
        case 'guide.double_booked': {
          const offer = typeof data.offerTitle === 'string' ? data.offerTitle : ''
          const when = typeof data.startsAt === 'string' && typeof data.endsAt === 'string' ? instantRange(data.startsAt, data.endsAt, timeZone, lang) : ''
          return t`${name} already guides ${offer} (${when}), which overlaps this date. Remove them there first or choose someone else.`
        }
        case 'guide.unavailable':
          return noted(t`${name} said they are unavailable at this time. To assign them anyway, give the reason for the exception.`, typeof data.note === 'string' ? data.note : undefined)
        case 'session.cancelled':
          return t`This date has been cancelled in the meantime: it needs no guides any more.`
        case 'session.not_found':
          return t`This date no longer exists. The board shows the current dates.`
        case 'staff.not_found':
          return t`${name} is no longer an active staff member.`
        case 'guide.not_assigned':
          return t`${name} was no longer a guide of this date.`
        default:
          return undefined
      }
    },
  }
}

/** Whether the server refused because the member said UNAVAILABLE (the dialog then asks for a reason). */
export const isUnavailableRefusal = (error: unknown) => error instanceof ApiError && error.code === 'guide.unavailable'
