/**
 * The schedule feed's iCalendar text, read back with ical.js (the parser of Mozilla Thunderbird's
 * calendar, a maintained RFC 5545 implementation): the VTIMEZONE it builds converts every local
 * time to the instant meant, in the weeks the clocks change (Europe/Zurich, the last Sundays of
 * March and October), in the southern hemisphere, in zones without daylight saving time and in
 * every other zone of the runtime's IANA database.
 */
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { calendarFeedTexts } from '~/server/exports/calendar-feed'
import { buildScheduleFeed, type BookingFeedEvent, type FeedEvent, type ScheduleFeed } from './ics'
import { offsetChanges, offsetSecondsAt, vtimezoneLines } from './vtimezone'

const HOUR = 3_600_000

function event(sessionId: string, startsAt: string, minutes = 120, extra: Partial<FeedEvent> = {}): FeedEvent {
  const start = new Date(startsAt)
  return {
    sessionId,
    version: 3,
    startsAt: start,
    endsAt: new Date(start.getTime() + minutes * 60_000),
    lastModified: new Date('2026-02-01T10:11:12.345Z'),
    cancelled: false,
    title: 'Canyoning',
    meetingPoint: 'Bahnhof Interlaken Ost',
    place: 'Test place Weg 1, 3800 Interlaken',
    placesTaken: 7,
    capacity: 12,
    otherGuides: ['Anna Keller', 'Marco Rossi'],
    manifestUrl: `https://alpin.example.ch/de/admin/sales/sessions/${sessionId}/manifest`,
    ...extra,
  }
}

function booking(itemId: string, startsAt: string, minutes = 180, extra: Partial<BookingFeedEvent> = {}): BookingFeedEvent {
  const start = new Date(startsAt)
  return {
    itemId,
    bookingCode: 'PRIV-0001',
    version: 2,
    startsAt: start,
    endsAt: new Date(start.getTime() + minutes * 60_000),
    lastModified: new Date('2026-02-01T10:11:12.345Z'),
    tentative: false,
    title: 'Private guide – Half day',
    meetingPoint: 'Bahnhof Interlaken Ost',
    place: 'Test place Weg 1, 3800 Interlaken',
    participants: 4,
    bookerName: 'Beat Amsler',
    bookerPhone: '+41 79 111 22 33',
    url: 'https://alpin.example.ch/de/admin/my-sessions',
    ...extra,
  }
}

function feed(events: (FeedEvent | BookingFeedEvent)[], extra: Partial<ScheduleFeed> = {}): string {
  return buildScheduleFeed({
    shopId: 'alpin',
    shopName: 'Alpin Abenteuer',
    memberName: 'Zora Zimmermann',
    timeZone: 'Europe/Zurich',
    events,
    texts: calendarFeedTexts('en'),
    now: new Date('2026-03-01T12:00:00Z'),
    ...extra,
  })
}

/** The calendar as ical.js reads it (throws on anything it cannot parse). */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
  return { calendar, events }
}

/** Undoes RFC 5545 folding: a CRLF followed by one space joins the lines. */
const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n')

const utc = (time: ICAL.Time) => time.toJSDate().toISOString()

describe('the schedule feed (iCalendar)', () => {
  it('is a published calendar with its refresh interval, the shop and member in its name, and a VTIMEZONE', () => {
    const text = feed([event('s1', '2026-06-10T07:00:00Z')])
    const lines = unfold(text)
    expect(lines.slice(0, 9)).toEqual([
      'BEGIN:VCALENDAR',
      'PRODID:-//Alpin Abenteuer//Staff schedule//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Alpin Abenteuer – Zora Zimmermann',
      'X-WR-TIMEZONE:Europe/Zurich',
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'X-PUBLISHED-TTL:PT1H',
    ])
    expect(lines.at(-1)).toBe('') // ends with CRLF
    expect(lines.at(-2)).toBe('END:VCALENDAR')
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/) // CRLF only

    const { calendar } = parse(text)
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H')
    const zones = calendar.getAllSubcomponents('vtimezone')
    expect(zones).toHaveLength(1)
    expect(zones[0]!.getFirstPropertyValue('tzid')).toBe('Europe/Zurich')
    // The clock changes of 2026, each in the local time before it, with the offsets either side.
    const parts = zones[0]!.getAllSubcomponents().map((c) => [c.name, String(c.getFirstPropertyValue('dtstart')), c.getFirstProperty('tzoffsetfrom')!.toICALString(), c.getFirstProperty('tzoffsetto')!.toICALString()])
    expect(parts).toContainEqual(['daylight', '2026-03-29T02:00:00', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200'])
    expect(parts).toContainEqual(['standard', '2026-10-25T03:00:00', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100'])
    expect(parts[0]!.slice(0, 1).concat(parts[0]!.slice(2))).toEqual(['standard', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0100'])
    // The zone as ical.js builds it from the file alone answers the offsets of the year.
    const zone = new ICAL.Timezone(zones[0]!)
    expect(zone.utcOffset(ICAL.Time.fromDateTimeString('2026-01-15T12:00:00'))).toBe(3600)
    expect(zone.utcOffset(ICAL.Time.fromDateTimeString('2026-07-15T12:00:00'))).toBe(7200)
  })

  it('writes each session with its stable UID, local times in the shop zone, SEQUENCE, LAST-MODIFIED, title, meeting point, description, link and status', () => {
    const text = feed([event('s1', '2026-06-10T07:00:00Z')])
    const lines = unfold(text)
    const start = lines.indexOf('BEGIN:VEVENT')
    expect(lines.slice(start, lines.indexOf('END:VEVENT') + 1)).toEqual([
      'BEGIN:VEVENT',
      'UID:session-s1@alpin',
      'DTSTAMP:20260201T101112Z',
      'DTSTART;TZID=Europe/Zurich:20260610T090000',
      'DTEND;TZID=Europe/Zurich:20260610T110000',
      'SEQUENCE:3',
      'LAST-MODIFIED:20260201T101112Z',
      'SUMMARY:Canyoning',
      'LOCATION:Bahnhof Interlaken Ost',
      'DESCRIPTION:Participants: 7 of 12 places booked\\nOther guides: Anna Keller\\, Marco Rossi\\nLocation: Test place Weg 1\\, 3800 Interlaken\\nParticipants list: https://alpin.example.ch/de/admin/sales/sessions/s1/manifest',
      'URL:https://alpin.example.ch/de/admin/sales/sessions/s1/manifest',
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ])
    const [parsed] = parse(text).events
    expect(parsed!.uid).toBe('session-s1@alpin')
    expect(parsed!.startDate.zone.tzid).toBe('Europe/Zurich')
    expect(utc(parsed!.startDate)).toBe('2026-06-10T07:00:00.000Z')
    expect(utc(parsed!.endDate)).toBe('2026-06-10T09:00:00.000Z')
    expect(parsed!.sequence).toBe(3)
    expect(parsed!.location).toBe('Bahnhof Interlaken Ost')
    expect(parsed!.description).toBe(
      'Participants: 7 of 12 places booked\nOther guides: Anna Keller, Marco Rossi\nLocation: Test place Weg 1, 3800 Interlaken\nParticipants list: https://alpin.example.ch/de/admin/sales/sessions/s1/manifest',
    )
    expect(parsed!.component.getFirstPropertyValue('url')).toBe('https://alpin.example.ch/de/admin/sales/sessions/s1/manifest')
  })

  it('writes a private booking with its own stable UID, its code in the title, the participants and how to reach the person who booked; a request is tentative', () => {
    const text = feed([event('s1', '2026-06-10T07:00:00Z'), booking('item1', '2026-06-11T07:00:00Z'), booking('item2', '2026-06-12T12:00:00Z', 60, { tentative: true, bookerPhone: '', meetingPoint: '', place: '' })])
    const lines = unfold(text)
    const start = lines.indexOf('UID:booking-item-item1@alpin') - 1
    expect(lines.slice(start, lines.indexOf('END:VEVENT', start) + 1)).toEqual([
      'BEGIN:VEVENT',
      'UID:booking-item-item1@alpin',
      'DTSTAMP:20260201T101112Z',
      'DTSTART;TZID=Europe/Zurich:20260611T090000',
      'DTEND;TZID=Europe/Zurich:20260611T120000',
      'SEQUENCE:2',
      'LAST-MODIFIED:20260201T101112Z',
      'SUMMARY:Private guide – Half day · PRIV-0001',
      'LOCATION:Bahnhof Interlaken Ost',
      'DESCRIPTION:Private booking PRIV-0001\\nParticipants: 4\\nBooked by: Beat Amsler\\nPhone: +41 79 111 22 33\\nLocation: Test place Weg 1\\, 3800 Interlaken\\nMy sessions: https://alpin.example.ch/de/admin/my-sessions',
      'URL:https://alpin.example.ch/de/admin/my-sessions',
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ])
    const [, first, second] = parse(text).events
    expect(first!.uid).toBe('booking-item-item1@alpin')
    expect(utc(first!.startDate)).toBe('2026-06-11T07:00:00.000Z')
    expect(first!.description).toContain('Phone: +41 79 111 22 33')
    expect(second!.component.getFirstPropertyValue('status')).toBe('TENTATIVE')
    expect(second!.description).toBe('Private booking PRIV-0001\nParticipants: 4\nBooked by: Beat Amsler\nMy sessions: https://alpin.example.ch/de/admin/my-sessions')
    expect(second!.location).toBeNull()
  })

  it('leaves out what is not there: no other guides, the location when it is the meeting point, no LOCATION without a place', () => {
    const alone = event('s2', '2026-06-10T07:00:00Z', 60, { otherGuides: [], meetingPoint: 'Test place', place: 'Test place' })
    const nowhere = event('s3', '2026-06-11T07:00:00Z', 60, { otherGuides: [], meetingPoint: '', place: '' })
    const [first, second] = parse(feed([alone, nowhere])).events
    expect(first!.description).toBe('Participants: 7 of 12 places booked\nParticipants list: https://alpin.example.ch/de/admin/sales/sessions/s2/manifest')
    expect(first!.location).toBe('Test place')
    expect(second!.location).toBeNull()
  })

  it('keeps the UID of a session whatever changes, so calendar apps update the event instead of adding one', () => {
    const before = parse(feed([event('s1', '2026-06-10T07:00:00Z')])).events[0]!
    const moved = event('s1', '2026-06-12T12:00:00Z', 90, { version: 4, title: 'Canyoning (new)', lastModified: new Date('2026-02-03T00:00:00Z') })
    const after = parse(feed([moved], { now: new Date('2026-02-03T00:00:00Z') })).events[0]!
    expect(after.uid).toBe(before.uid)
    expect(after.sequence).toBeGreaterThan(before.sequence)
    expect(after.summary).toBe('Canyoning (new)')
    expect(utc(after.startDate)).toBe('2026-06-12T12:00:00.000Z')
    // The same input gives the same text (the feed's ETag stays until something changes).
    expect(feed([moved])).toBe(feed([moved]))
  })

  it('marks a cancelled session CANCELLED (kept so that clients show the cancellation) and frees the time', () => {
    const text = feed([event('s1', '2026-06-10T07:00:00Z', 120, { cancelled: true })])
    const [parsed] = parse(text).events
    expect(parsed!.component.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(parsed!.component.getFirstPropertyValue('transp')).toBe('TRANSPARENT')
    expect(parsed!.summary).toBe('Cancelled: Canyoning')
    expect(parsed!.uid).toBe('session-s1@alpin')
  })

  it('escapes and folds hostile texts so that they come back exactly (commas, semicolons, backslashes, line breaks, long titles, emoji)', () => {
    const titles = [
      'Canyon, wild; day\\night',
      'Line one\nline two\r\nline three\rfour',
      'BEGIN:VEVENT',
      'x'.repeat(200),
      `${'Gipfeltour 🏔️ mit Fondue 🫕 '.repeat(6)}und 👨‍👩‍👧‍👦`,
      'é'.repeat(80),
      'END:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:evil',
    ]
    const events = titles.map((title, i) => event(`t${i}`, '2026-06-10T07:00:00Z', 60, { title, meetingPoint: `${title}; meet, here`, otherGuides: [title] }))
    const text = feed(events)
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    // Folding never splits a character (no replacement character after unfolding).
    expect(unfold(text).join('')).not.toContain('\ufffd')
    const parsed = parse(text).events
    expect(parsed).toHaveLength(titles.length)
    const normalised = (t: string) => t.replace(/\r\n?/g, '\n')
    parsed.forEach((p, i) => {
      expect(p.uid).toBe(`session-t${i}@alpin`)
      expect(p.summary).toBe(normalised(titles[i]!))
      expect(p.location).toBe(`${normalised(titles[i]!)}; meet, here`)
      expect(p.description).toContain(`Other guides: ${normalised(titles[i]!)}`)
    })
  })

  it('drops control characters and lone surrogates that no parser would take', () => {
    const text = feed([event('s1', '2026-06-10T07:00:00Z', 60, { title: 'A\u0000B\u0007C\u001bD\u007fE\ud800F\tG' })])
    expect(parse(text).events[0]!.summary).toBe('ABCDE\ufffdF\tG')
  })

  it('is a valid calendar without events (the VTIMEZONE of the current year)', () => {
    const { calendar, events } = parse(feed([]))
    expect(events).toEqual([])
    expect(calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Zurich')
  })
})

describe('times in the weeks the clocks change', () => {
  /** Each instant as an event of its own; ical.js must read every DTSTART and DTEND as that instant. */
  function roundTrip(timeZone: string, instants: string[], minutes = 60) {
    const text = feed(
      instants.map((at, i) => event(`e${i}`, at, minutes)),
      { timeZone, now: new Date(instants[0]!) },
    )
    const { events } = parse(text)
    return { text, events, starts: events.map((e) => utc(e.startDate)), ends: events.map((e) => utc(e.endDate)) }
  }

  it('Europe/Zurich, the week summer time begins (Sunday 29 March 2026, 02:00 → 03:00)', () => {
    const instants = [
      '2026-03-27T09:00:00.000Z', // Friday 10:00 (+01:00)
      '2026-03-28T23:00:00.000Z', // Sunday 00:00
      '2026-03-29T00:30:00.000Z', // Sunday 01:30, the last half hour of winter time
      '2026-03-29T01:00:00.000Z', // Sunday 03:00, the first minute of summer time
      '2026-03-29T08:00:00.000Z', // Sunday 10:00 (+02:00)
      '2026-03-30T08:00:00.000Z', // Monday 10:00
      '2026-04-02T16:15:00.000Z', // Thursday 18:15
    ]
    const { text, starts, ends, events } = roundTrip('Europe/Zurich', instants)
    expect(starts).toEqual(instants)
    expect(ends).toEqual(instants.map((at) => new Date(new Date(at).getTime() + HOUR).toISOString()))
    expect(events.every((e) => e.startDate.zone.tzid === 'Europe/Zurich')).toBe(true)
    const lines = unfold(text)
    expect(lines).toContain('DTSTART;TZID=Europe/Zurich:20260329T013000')
    expect(lines).toContain('DTSTART;TZID=Europe/Zurich:20260329T030000')
    expect(lines).toContain('DTSTART;TZID=Europe/Zurich:20260329T100000')
    expect(lines).toContain('DTSTART;TZID=Europe/Zurich:20260327T100000')
    // 01:30 to 02:30 of the clock is 01:30 to 03:30 local: one hour.
    expect(lines).toContain('DTEND;TZID=Europe/Zurich:20260329T033000')
  })

  it('Europe/Zurich, the week summer time ends (Sunday 25 October 2026, 03:00 → 02:00): the doubled hour in UTC', () => {
    const instants = [
      '2026-10-23T08:00:00.000Z', // Friday 10:00 (+02:00)
      '2026-10-24T22:30:00.000Z', // Sunday 00:30
      '2026-10-25T00:00:00.000Z', // Sunday 02:00, the first time (+02:00)
      '2026-10-25T00:30:00.000Z', // Sunday 02:30, the first time
      '2026-10-25T01:00:00.000Z', // Sunday 02:00, the second time (+01:00)
      '2026-10-25T01:30:00.000Z', // Sunday 02:30, the second time
      '2026-10-25T02:00:00.000Z', // Sunday 03:00
      '2026-10-26T09:00:00.000Z', // Monday 10:00 (+01:00)
    ]
    const { text, starts, ends } = roundTrip('Europe/Zurich', instants, 30)
    expect(starts).toEqual(instants)
    expect(ends).toEqual(instants.map((at) => new Date(new Date(at).getTime() + HOUR / 2).toISOString()))
    const lines = unfold(text)
    expect(lines).toContain('DTSTART;TZID=Europe/Zurich:20261023T100000')
    expect(lines).toContain('DTSTART;TZID=Europe/Zurich:20261025T003000')
    expect(lines).toContain('DTSTART:20261025T003000Z') // 02:30, which a client could read either way
    expect(lines).toContain('DTSTART:20261025T013000Z')
    expect(lines).toContain('DTSTART;TZID=Europe/Zurich:20261025T030000')
    expect(lines).toContain('DTSTART;TZID=Europe/Zurich:20261026T100000')
  })

  it('a session across the change keeps its length (two hours from 01:00 on 29 March 2026 ends at 04:00)', () => {
    const { starts, ends, text } = roundTrip('Europe/Zurich', ['2026-03-29T00:00:00.000Z'], 120)
    expect(starts).toEqual(['2026-03-29T00:00:00.000Z'])
    expect(ends).toEqual(['2026-03-29T02:00:00.000Z'])
    expect(unfold(text)).toContain('DTEND;TZID=Europe/Zurich:20260329T040000')
  })

  it('a zone without daylight saving time (Asia/Tokyo): one STANDARD +0900, local times nine hours ahead', () => {
    const instants = ['2026-03-29T00:30:00.000Z', '2026-10-25T01:30:00.000Z', '2026-12-31T15:00:00.000Z']
    const { text, starts } = roundTrip('Asia/Tokyo', instants)
    expect(starts).toEqual(instants)
    const zone = parse(text).calendar.getFirstSubcomponent('vtimezone')!
    expect(zone.getAllSubcomponents().map((c) => [c.name, c.getFirstProperty('tzoffsetfrom')!.toICALString(), c.getFirstProperty('tzoffsetto')!.toICALString()])).toEqual([['standard', 'TZOFFSETFROM:+0900', 'TZOFFSETTO:+0900']])
    expect(unfold(text)).toContain('DTSTART;TZID=Asia/Tokyo:20260329T093000')
    expect(unfold(text)).toContain('DTSTART;TZID=Asia/Tokyo:20270101T000000')
  })

  it('the southern hemisphere (Australia/Sydney: summer time ends 5 April, begins 4 October 2026)', () => {
    const instants = ['2026-04-04T15:30:00.000Z', '2026-04-04T16:30:00.000Z', '2026-04-05T00:00:00.000Z', '2026-10-03T15:30:00.000Z', '2026-10-03T16:30:00.000Z']
    const { text, starts } = roundTrip('Australia/Sydney', instants)
    expect(starts).toEqual(instants)
    const parts = parse(text).calendar.getFirstSubcomponent('vtimezone')!.getAllSubcomponents().map((c) => [c.name, String(c.getFirstPropertyValue('dtstart'))])
    expect(parts).toContainEqual(['standard', '2026-04-05T03:00:00'])
    expect(parts).toContainEqual(['daylight', '2026-10-04T02:00:00'])
  })

  it('half-hour offsets and a half-hour change (Asia/Kolkata, Australia/Lord_Howe, America/St_Johns)', () => {
    for (const timeZone of ['Asia/Kolkata', 'Australia/Lord_Howe', 'America/St_Johns']) {
      const changes = offsetChanges(timeZone, Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))
      const instants = [Date.UTC(2026, 0, 10, 12), ...changes.flatMap((c) => [c.at - HOUR, c.at - 1000, c.at, c.at + 15 * 60_000, c.at + HOUR])].map((ms) => new Date(ms).toISOString())
      expect(roundTrip(timeZone, instants).starts, timeZone).toEqual(instants)
    }
  })
})

describe('VTIMEZONE of every zone of the IANA database (as the runtime has it)', () => {
  const zones = Intl.supportedValuesOf('timeZone')

  it('covers more than 300 zones', () => expect(zones.length).toBeGreaterThan(300))

  it('converts local times around every clock change of 2026 and 2027 to the instant meant, in ical.js', () => {
    const failures: string[] = []
    for (const timeZone of zones) {
      const changes = offsetChanges(timeZone, Date.UTC(2025, 11, 31), Date.UTC(2028, 0, 1)).filter((c) => c.at >= Date.UTC(2026, 0, 2) && c.at < Date.UTC(2027, 11, 30))
      const instants = [Date.UTC(2026, 0, 15, 11, 45), Date.UTC(2026, 6, 15, 11, 45), Date.UTC(2027, 11, 20, 23, 15), ...changes.flatMap((c) => [c.at - 90 * 60_000, c.at - 1000, c.at, c.at + 30 * 60_000, c.at + 3 * HOUR])]
      const text = feed(
        instants.map((ms, i) => event(`z${i}`, new Date(ms).toISOString(), 45)),
        { timeZone, now: new Date(Date.UTC(2026, 5, 1)) },
      )
      const { events } = parse(text)
      events.forEach((e, i) => {
        const expected = new Date(instants[i]!).toISOString()
        if (utc(e.startDate) !== expected) failures.push(`${timeZone}: ${expected} read as ${utc(e.startDate)}`)
        const end = new Date(instants[i]! + 45 * 60_000).toISOString()
        if (utc(e.endDate) !== end) failures.push(`${timeZone}: end ${end} read as ${utc(e.endDate)}`)
      })
    }
    expect(failures).toEqual([])
  }, 120_000)

  it('each change is where the offset changes, from and to the offsets either side', () => {
    for (const timeZone of ['Europe/Zurich', 'America/New_York', 'Australia/Sydney', 'Africa/Casablanca', 'America/Santiago', 'Pacific/Chatham']) {
      for (const change of offsetChanges(timeZone, Date.UTC(2026, 0, 1), Date.UTC(2028, 0, 1))) {
        expect(offsetSecondsAt(change.at - 1000, timeZone), timeZone).toBe(change.from)
        expect(offsetSecondsAt(change.at, timeZone), timeZone).toBe(change.to)
      }
    }
  })

  it('an unknown zone is refused (the shop settings never hold one)', () => {
    expect(() => vtimezoneLines('Mars/Olympus_Mons', 2026, 2026)).toThrow(RangeError)
  })
})
