/**
 * A staff member's schedule as an iCalendar feed (RFC 5545, with RFC 7986's REFRESH-INTERVAL):
 * one VEVENT per session and per private booking they are assigned to, in the shop's time zone
 * with its VTIMEZONE.
 *
 * - UID `session-<sessionId>@<shopId>` (`booking-item-<itemId>@<shopId>` for a private booking):
 *   the same on every refresh, so calendar apps update the event instead of adding another;
 *   SEQUENCE is the session's (the booking's) version, LAST-MODIFIED (and DTSTAMP) its last
 *   known change, so a client sees what changed.
 * - A private booking: its code in the title, the participants and the person who booked with
 *   their phone in the description (the guide reaches the group), STATUS:TENTATIVE while it is a
 *   request waiting for an answer.
 * - A cancelled session the member was assigned to stays, `STATUS:CANCELLED` and its title
 *   marked, so that clients show the cancellation; a session they no longer guide is absent.
 * - DTSTART/DTEND are local times with the shop's TZID (a time that occurs twice when the clocks
 *   go back is written in UTC: ./vtimezone.ts).
 * - Texts are escaped (`escapeIcsText`) and every line folded at 75 octets (`foldIcsLine`),
 *   CRLF line ends.
 *
 * Pure: the caller passes the events, the texts in the member's language and `now`.
 */
import { escapeIcsText, foldIcsLine, icsUtc } from '~/server/mail/ics'
import { wellFormedText } from '~/server/domain/text'
import type { CalendarFeedTexts } from '~/server/exports/calendar-feed'
import { icsZonedDateTime, offsetSecondsAt, vtimezoneLines, wallClockWithOffset } from './vtimezone'

const CRLF = '\r\n'

/**
 * A TEXT value (RFC 5545 §3.3.11): no control character but line breaks (escaped as `\n`) and
 * tabs, no lone surrogate (both would make the file unreadable to strict parsers), then escaped.
 */
// eslint-disable-next-line no-control-regex -- exactly the control characters iCalendar TEXT forbids
const text = (value: string) => escapeIcsText(wellFormedText(value).replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, ''))

/** A URI value: no controls or spaces. */
// eslint-disable-next-line no-control-regex -- a URI has no controls or spaces
const uri = (url: string) => url.replace(/[\u0000-\u0020\u007F]/g, '')

/** One assigned session as the feed shows it. */
export type FeedEvent = {
  sessionId: string
  /** The session's version (increases with every change): the event's SEQUENCE. */
  version: number
  startsAt: Date
  endsAt: Date
  /** The last change of the session, its offer or the assignment. */
  lastModified: Date
  cancelled: boolean
  /** The offer's title in the member's language. */
  title: string
  /** Where to meet: the offer's meeting point in the member's language, else its location ('' for none). */
  meetingPoint: string
  /** The offer's location, shown in the description when the meeting point is another text ('' for none). */
  place: string
  placesTaken: number
  capacity: number
  /** The names of the other guides assigned to the session. */
  otherGuides: string[]
  /** The session's participants list (manifest) in the staff app, on the shop's configured origin. */
  manifestUrl: string
}

/** One assigned private booking (a booked private-service start) as the feed shows it. */
export type BookingFeedEvent = {
  itemId: string
  bookingCode: string
  /** The booking's version (increases with every staff change): the event's SEQUENCE. */
  version: number
  startsAt: Date
  endsAt: Date
  /** The last known change: the booking's creation, the offer's change or the assignment. */
  lastModified: Date
  /** A request waiting for an answer (STATUS:TENTATIVE). */
  tentative: boolean
  /** The offer's title in the member's language, with the variant's when it differs. */
  title: string
  meetingPoint: string
  place: string
  participants: number
  /** The person who booked and their phone ('' for none). */
  bookerName: string
  bookerPhone: string
  /** "My sessions" in the staff app, on the shop's configured origin. */
  url: string
}

export type ScheduleFeed = {
  shopId: string
  shopName: string
  memberName: string
  timeZone: string
  /** In order of time. */
  events: (FeedEvent | BookingFeedEvent)[]
  texts: CalendarFeedTexts
  /** The VTIMEZONE covers this instant's year too (a feed without events is still valid). */
  now: Date
}

/** The year of an instant on the shop's wall clock. */
const localYear = (ms: number, timeZone: string) => wallClockWithOffset(ms, offsetSecondsAt(ms, timeZone)).year

/** The feed as a VCALENDAR text with CRLF line ends (ending in CRLF). */
export function buildScheduleFeed(feed: ScheduleFeed): string {
  const { timeZone, texts } = feed
  const years = [feed.now.getTime(), ...feed.events.flatMap((e) => [e.startsAt.getTime(), e.endsAt.getTime()])].map((ms) => localYear(ms, timeZone))
  const calendarName = [feed.shopName.trim(), feed.memberName.trim()].filter(Boolean).join(' – ')
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    `PRODID:-//${text(feed.shopName.replace(/\/\//g, '/'))}//Staff schedule//EN`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(calendarName)}`,
    `X-WR-TIMEZONE:${text(timeZone)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...vtimezoneLines(timeZone, Math.min(...years), Math.max(...years)),
  ]
  for (const event of feed.events) {
    if ('itemId' in event) {
      lines.push(...bookingLines(feed, event))
      continue
    }
    const description = [
      texts.places(event.placesTaken, event.capacity),
      ...(event.otherGuides.length ? [texts.otherGuides(event.otherGuides.join(', '))] : []),
      ...(event.place && event.place !== event.meetingPoint ? [texts.location(event.place)] : []),
      texts.manifest(event.manifestUrl),
    ].join('\n')
    const stamp = icsUtc(event.lastModified)
    lines.push(
      'BEGIN:VEVENT',
      `UID:${text(`session-${event.sessionId}@${feed.shopId}`)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART${icsZonedDateTime(event.startsAt.getTime(), timeZone)}`,
      `DTEND${icsZonedDateTime(event.endsAt.getTime(), timeZone)}`,
      `SEQUENCE:${Math.max(0, Math.trunc(event.version))}`,
      `LAST-MODIFIED:${stamp}`,
      `SUMMARY:${text(event.cancelled ? texts.cancelled(event.title) : event.title)}`,
      ...(event.meetingPoint ? [`LOCATION:${text(event.meetingPoint)}`] : []),
      `DESCRIPTION:${text(description)}`,
      `URL:${uri(event.manifestUrl)}`,
      `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      `TRANSP:${event.cancelled ? 'TRANSPARENT' : 'OPAQUE'}`,
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldIcsLine).join(CRLF) + CRLF
}

/** The VEVENT of a private booking. */
function bookingLines(feed: ScheduleFeed, event: BookingFeedEvent): string[] {
  const { texts, timeZone } = feed
  const description = [
    texts.privateBooking(event.bookingCode),
    texts.participants(event.participants),
    ...(event.bookerName.trim() ? [texts.bookedBy(event.bookerName.trim())] : []),
    ...(event.bookerPhone.trim() ? [texts.phone(event.bookerPhone.trim())] : []),
    ...(event.place && event.place !== event.meetingPoint ? [texts.location(event.place)] : []),
    texts.mySessions(event.url),
  ].join('\n')
  const stamp = icsUtc(event.lastModified)
  return [
    'BEGIN:VEVENT',
    `UID:${text(`booking-item-${event.itemId}@${feed.shopId}`)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART${icsZonedDateTime(event.startsAt.getTime(), timeZone)}`,
    `DTEND${icsZonedDateTime(event.endsAt.getTime(), timeZone)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.version))}`,
    `LAST-MODIFIED:${stamp}`,
    `SUMMARY:${text(`${event.title} · ${event.bookingCode}`)}`,
    ...(event.meetingPoint ? [`LOCATION:${text(event.meetingPoint)}`] : []),
    `DESCRIPTION:${text(description)}`,
    `URL:${uri(event.url)}`,
    `STATUS:${event.tentative ? 'TENTATIVE' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ]
}
