/**
 * The words of a staff member's schedule feed (`getScheduleFeed`, an iCalendar file) in the
 * member's language. Source strings are English, marked `/*i18n*\/` for `lingui extract` (mail
 * catalogue, see src/server/mail/i18n.ts); `calendarFeedTexts(locale)` translates them.
 */
import type { Locale } from '~/lib/locale'
import { mailI18n } from '~/server/mail/i18n'

const MESSAGES = {
  places: /*i18n*/ 'Participants: {booked} of {capacity} places booked',
  otherGuides: /*i18n*/ 'Other guides: {names}',
  location: /*i18n*/ 'Location: {place}',
  manifest: /*i18n*/ 'Participants list: {url}',
  cancelled: /*i18n*/ 'Cancelled: {title}',
  privateBooking: /*i18n*/ 'Private booking {code}',
  participants: /*i18n*/ 'Participants: {count}',
  bookedBy: /*i18n*/ 'Booked by: {name}',
  phone: /*i18n*/ 'Phone: {phone}',
  mySessions: /*i18n*/ 'My sessions: {url}',
} as const

/** The feed's words in one language (English where a translation is missing). */
export type CalendarFeedTexts = {
  places: (booked: number, capacity: number) => string
  otherGuides: (names: string) => string
  location: (place: string) => string
  manifest: (url: string) => string
  cancelled: (title: string) => string
  privateBooking: (code: string) => string
  participants: (count: number) => string
  bookedBy: (name: string) => string
  phone: (phone: string) => string
  mySessions: (url: string) => string
}

const cache = new Map<Locale, CalendarFeedTexts>()

export function calendarFeedTexts(locale: Locale): CalendarFeedTexts {
  let texts = cache.get(locale)
  if (!texts) {
    const i18n = mailI18n(locale)
    const _ = (id: string, values: Record<string, string>) => i18n._(id, values)
    texts = {
      places: (booked, capacity) => _(MESSAGES.places, { booked: String(booked), capacity: String(capacity) }),
      otherGuides: (names) => _(MESSAGES.otherGuides, { names }),
      location: (place) => _(MESSAGES.location, { place }),
      manifest: (url) => _(MESSAGES.manifest, { url }),
      cancelled: (title) => _(MESSAGES.cancelled, { title }),
      privateBooking: (code) => _(MESSAGES.privateBooking, { code }),
      participants: (count) => _(MESSAGES.participants, { count: String(count) }),
      bookedBy: (name) => _(MESSAGES.bookedBy, { name }),
      phone: (phone) => _(MESSAGES.phone, { phone }),
      mySessions: (url) => _(MESSAGES.mySessions, { url }),
    }
    cache.set(locale, texts)
  }
  return texts
}
