import { describe, expect, it } from 'vitest'
import {
  addDays,
  daysBetween,
  daysOfMonth,
  formatTime,
  isValidDate,
  isValidMonth,
  isValidTime,
  isValidTimeZone,
  parseTime,
  utcToZonedDate,
  utcToZonedTime,
  weekdayOf,
  zonedBoundaryToUtc,
  zonedDateTimeToUtc,
} from './zoned-time'

const ZH = 'Europe/Zurich'
const iso = (d: Date | null) => d?.toISOString() ?? null

describe('calendar validation', () => {
  it('accepts existing dates only', () => {
    expect(isValidDate('2026-11-22')).toBe(true)
    expect(isValidDate('2028-02-29')).toBe(true) // leap year
    expect(isValidDate('2026-02-29')).toBe(false)
    expect(isValidDate('2100-02-29')).toBe(false) // century, not a leap year
    expect(isValidDate('2000-02-29')).toBe(true)
    expect(isValidDate('2026-04-31')).toBe(false)
    expect(isValidDate('2026-13-01')).toBe(false)
    expect(isValidDate('2026-00-10')).toBe(false)
    expect(isValidDate('2026-01-00')).toBe(false)
    expect(isValidDate('2026-1-5')).toBe(false)
    expect(isValidDate('2026-01-05T00:00')).toBe(false)
    expect(isValidDate('')).toBe(false)
    expect(isValidDate('9999-12-31')).toBe(false) // outside the shop's calendar (1900–9000)
    expect(isValidDate('1899-12-31')).toBe(false)
    expect(isValidDate('9000-12-31')).toBe(true)
    expect(isValidMonth('9999-12')).toBe(false)
    expect(isValidMonth('0000-01')).toBe(false)
  })

  it('accepts months 01 to 12', () => {
    expect(isValidMonth('2026-01')).toBe(true)
    expect(isValidMonth('2026-12')).toBe(true)
    expect(isValidMonth('2026-13')).toBe(false)
    expect(isValidMonth('2026-00')).toBe(false)
    expect(isValidMonth('2026-1')).toBe(false)
    expect(isValidMonth('2026-01-01')).toBe(false)
  })

  it('parses and formats wall times', () => {
    expect(parseTime('00:00')).toBe(0)
    expect(parseTime('09:05')).toBe(545)
    expect(parseTime('23:59')).toBe(1439)
    expect(formatTime(545)).toBe('09:05')
    expect(isValidTime('24:00')).toBe(false)
    for (const bad of ['9:00', '24:00', '12:60', '12:5', 'noon', '']) {
      expect(() => parseTime(bad)).toThrow(/Invalid time/)
    }
    expect(() => formatTime(1440)).toThrow()
  })

  it('knows IANA zones', () => {
    expect(isValidTimeZone(ZH)).toBe(true)
    expect(isValidTimeZone('Mars/Olympus')).toBe(false)
    expect(() => utcToZonedDate(new Date(0), 'Mars/Olympus')).toThrow(/Unknown time zone/)
  })
})

describe('weekdayOf (Sunday = 0)', () => {
  it('numbers the week from Sunday', () => {
    expect(weekdayOf('2026-11-22')).toBe(0) // Sunday
    expect(weekdayOf('2026-11-23')).toBe(1) // Monday
    expect(weekdayOf('2026-11-28')).toBe(6) // Saturday
    expect(weekdayOf('2026-03-29')).toBe(0) // Sunday of the spring change
    expect(weekdayOf('2026-10-25')).toBe(0) // Sunday of the autumn change
    expect(weekdayOf('2028-02-29')).toBe(2) // Tuesday
  })

  it('rejects malformed dates', () => {
    expect(() => weekdayOf('2026-02-30')).toThrow(/Invalid date/)
  })
})

describe('addDays, daysBetween and daysOfMonth', () => {
  it('adds whole calendar days across months, years and DST changes', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29')
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30')
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
    expect(addDays('2026-01-31', 0)).toBe('2026-01-31')
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01')
    expect(() => addDays('2026-01-01', 1.5)).toThrow()
  })

  it('counts days between dates', () => {
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31)
    expect(daysBetween('2026-10-26', '2026-10-24')).toBe(-2)
  })

  it('lists the days of a month', () => {
    expect(daysOfMonth('2026-02')).toHaveLength(28)
    expect(daysOfMonth('2028-02')).toHaveLength(29)
    const march = daysOfMonth('2026-03')
    expect(march).toHaveLength(31)
    expect(march[0]).toBe('2026-03-01')
    expect(march[30]).toBe('2026-03-31')
    expect(daysOfMonth('2026-04')).toHaveLength(30)
    expect(() => daysOfMonth('2026-13')).toThrow(/Invalid month/)
  })
})

describe('zonedDateTimeToUtc in Europe/Zurich', () => {
  it('uses +01:00 in winter and +02:00 in summer', () => {
    expect(iso(zonedDateTimeToUtc('2026-01-15', '09:00', ZH))).toBe('2026-01-15T08:00:00.000Z')
    expect(iso(zonedDateTimeToUtc('2026-07-15', '09:00', ZH))).toBe('2026-07-15T07:00:00.000Z')
    expect(iso(zonedDateTimeToUtc('2026-01-01', '00:30', ZH))).toBe('2025-12-31T23:30:00.000Z')
  })

  it('defaults to Europe/Zurich', () => {
    expect(iso(zonedDateTimeToUtc('2026-01-15', '09:00'))).toBe('2026-01-15T08:00:00.000Z')
  })

  it('returns null for wall times skipped on the spring-forward day (2026-03-29)', () => {
    expect(iso(zonedDateTimeToUtc('2026-03-29', '01:59', ZH))).toBe('2026-03-29T00:59:00.000Z')
    expect(zonedDateTimeToUtc('2026-03-29', '02:00', ZH)).toBeNull()
    expect(zonedDateTimeToUtc('2026-03-29', '02:30', ZH)).toBeNull()
    expect(zonedDateTimeToUtc('2026-03-29', '02:59', ZH)).toBeNull()
    expect(iso(zonedDateTimeToUtc('2026-03-29', '03:00', ZH))).toBe('2026-03-29T01:00:00.000Z')
  })

  it('picks the first (summer-time) occurrence of repeated wall times on 2026-10-25', () => {
    expect(iso(zonedDateTimeToUtc('2026-10-25', '01:59', ZH))).toBe('2026-10-24T23:59:00.000Z')
    expect(iso(zonedDateTimeToUtc('2026-10-25', '02:00', ZH))).toBe('2026-10-25T00:00:00.000Z')
    expect(iso(zonedDateTimeToUtc('2026-10-25', '02:30', ZH))).toBe('2026-10-25T00:30:00.000Z')
    expect(iso(zonedDateTimeToUtc('2026-10-25', '03:00', ZH))).toBe('2026-10-25T02:00:00.000Z')
  })

  it('handles other zones, including the southern hemisphere and half-hour offsets', () => {
    expect(iso(zonedDateTimeToUtc('2026-01-15', '12:00', 'UTC'))).toBe('2026-01-15T12:00:00.000Z')
    expect(iso(zonedDateTimeToUtc('2026-07-04', '12:00', 'America/New_York'))).toBe('2026-07-04T16:00:00.000Z')
    // New York springs forward on 2026-03-08 at 02:00.
    expect(zonedDateTimeToUtc('2026-03-08', '02:30', 'America/New_York')).toBeNull()
    // Sydney: summer time (+11) in January.
    expect(iso(zonedDateTimeToUtc('2026-01-15', '10:00', 'Australia/Sydney'))).toBe('2026-01-14T23:00:00.000Z')
    expect(iso(zonedDateTimeToUtc('2026-01-15', '10:00', 'Asia/Kolkata'))).toBe('2026-01-15T04:30:00.000Z')
  })

  it('rejects malformed input', () => {
    expect(() => zonedDateTimeToUtc('2026-02-30', '10:00', ZH)).toThrow(/Invalid date/)
    expect(() => zonedDateTimeToUtc('2026-02-10', '25:00', ZH)).toThrow(/Invalid time/)
    expect(() => zonedDateTimeToUtc('2026-02-10', '10:00', 'Nowhere/City')).toThrow(/Unknown time zone/)
  })
})

describe('utcToZonedDate and utcToZonedTime', () => {
  it('reads the wall clock of an instant', () => {
    const i = new Date('2026-01-15T23:30:00Z')
    expect(utcToZonedDate(i, ZH)).toBe('2026-01-16')
    expect(utcToZonedTime(i, ZH)).toBe('00:30')
    expect(utcToZonedDate(i, 'UTC')).toBe('2026-01-15')
    expect(utcToZonedTime(i)).toBe('00:30') // default zone
  })

  it('shows the jump on the spring-forward day', () => {
    expect(utcToZonedTime(new Date('2026-03-29T00:59:00Z'), ZH)).toBe('01:59')
    expect(utcToZonedTime(new Date('2026-03-29T01:00:00Z'), ZH)).toBe('03:00')
  })

  it('shows the repeated hour on the autumn day', () => {
    expect(utcToZonedTime(new Date('2026-10-25T00:30:00Z'), ZH)).toBe('02:30')
    expect(utcToZonedTime(new Date('2026-10-25T01:30:00Z'), ZH)).toBe('02:30')
    expect(utcToZonedTime(new Date('2026-10-25T02:00:00Z'), ZH)).toBe('03:00')
    expect(utcToZonedDate(new Date('2026-10-24T22:30:00Z'), ZH)).toBe('2026-10-25')
  })

  it('round-trips every quarter hour of both change days', () => {
    for (const date of ['2026-03-29', '2026-10-25', '2026-11-22']) {
      for (let m = 0; m < 1440; m += 15) {
        const time = formatTime(m)
        const instant = zonedDateTimeToUtc(date, time, ZH)
        if (!instant) continue
        expect(utcToZonedDate(instant, ZH)).toBe(date)
        expect(utcToZonedTime(instant, ZH)).toBe(time)
      }
    }
  })
})

describe('zonedBoundaryToUtc', () => {
  it('maps existing wall times like zonedDateTimeToUtc', () => {
    expect(iso(zonedBoundaryToUtc('2026-11-22', 5 * 60, ZH))).toBe('2026-11-22T04:00:00.000Z')
    expect(iso(zonedBoundaryToUtc('2026-10-25', 150, ZH))).toBe('2026-10-25T00:30:00.000Z')
  })

  it('maps a skipped wall time to the moment of the clock change', () => {
    expect(iso(zonedBoundaryToUtc('2026-03-29', 150, ZH))).toBe('2026-03-29T01:00:00.000Z')
    expect(iso(zonedBoundaryToUtc('2026-03-29', 120, ZH))).toBe('2026-03-29T01:00:00.000Z')
  })

  it('treats 1440 minutes as the next midnight', () => {
    expect(iso(zonedBoundaryToUtc('2026-11-22', 1440, ZH))).toBe('2026-11-22T23:00:00.000Z')
    expect(iso(zonedBoundaryToUtc('2026-03-28', 1440, ZH))).toBe('2026-03-28T23:00:00.000Z')
    expect(() => zonedBoundaryToUtc('2026-11-22', 1441, ZH)).toThrow()
  })
})
