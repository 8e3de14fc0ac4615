import { describe, expect, it } from 'vitest'
import { calendarDate, formatDate, formatDay, formatDayTime, formatLongDate, formatMoney, formatMonth, formatTime, formatWeekdayDate } from './dates'

describe('dates and prices follow the locale (Swiss conventions)', () => {
  const instant = new Date('2026-03-29T00:30:00Z') // 01:30 in Zurich, the night summer time starts

  it('formats dates in the shop time zone per locale', () => {
    expect(formatDate(instant, 'de', 'Europe/Zurich', 'dddd, D. MMMM YYYY HH:mm')).toBe('Sonntag, 29. März 2026 01:30')
    expect(formatDate(instant, 'fr', 'Europe/Zurich', 'dddd D MMMM YYYY HH:mm')).toBe('dimanche 29 mars 2026 01:30')
    expect(formatDate(instant, 'en', 'Europe/Zurich', 'dddd, D MMMM YYYY HH:mm')).toBe('Sunday, 29 March 2026 01:30')
    expect(formatDate(new Date('2026-03-29T01:30:00Z'), 'de', 'Europe/Zurich', 'HH:mm')).toBe('03:30')
  })

  it('formats prices in minor units per locale', () => {
    expect(formatMoney(12950, 'CHF', 'de').replace(/\s/g, ' ')).toBe('CHF 129.50')
    expect(formatMoney(12950, 'CHF', 'fr').replace(/\s/g, ' ')).toBe('129.50 CHF') // fr-CH writes francs with a decimal point (CLDR)
    expect(formatMoney(12950, 'CHF', 'en').replace(/\s/g, ' ')).toBe('CHF 129.50')
    expect(formatMoney(125000, 'CHF', 'de').replace(/\s/g, ' ')).toBe('CHF 1’250.00')
    expect(formatMoney(125000, 'CHF', 'fr')).toBe('1\u202f250.00\u00a0CHF')
    expect(formatMoney(-5, 'EUR', 'en').replace(/\s/g, ' ')).toBe('EUR -0.05')
  })
})

describe('one convention per language for a visitor’s dates and times (pages and e-mails)', () => {
  const zurich = 'Europe/Zurich'
  const sundayFirst = '2026-11-01T13:30:00Z' // Sunday, 1 November 2026, 14:30 in Zurich
  const tuesday = '2026-11-24T07:05:00Z' // Tuesday, 24 November 2026, 08:05 in Zurich

  it('writes the day with its weekday: de with the day’s period, fr without a comma and with 1er', () => {
    expect(formatDay(sundayFirst, 'de', zurich)).toBe('Sonntag, 1. November 2026')
    expect(formatDay(sundayFirst, 'en', zurich)).toBe('Sunday, 1 November 2026')
    expect(formatDay(sundayFirst, 'fr', zurich)).toBe('dimanche 1er novembre 2026')
    expect(formatDay(tuesday, 'de', zurich)).toBe('Dienstag, 24. November 2026')
    expect(formatDay(tuesday, 'en', zurich)).toBe('Tuesday, 24 November 2026')
    expect(formatDay(tuesday, 'fr', zurich)).toBe('mardi 24 novembre 2026')
  })

  it('writes times with 24 hours in every language, English too', () => {
    for (const lang of ['de', 'en', 'fr'] as const) {
      expect(formatTime(sundayFirst, lang, zurich)).toBe('14:30')
      expect(formatTime(tuesday, lang, zurich)).toBe('08:05')
    }
    expect(formatDayTime(sundayFirst, 'de', zurich)).toBe('Sonntag, 1. November 2026, 14:30')
    expect(formatDayTime(sundayFirst, 'en', zurich)).toBe('Sunday, 1 November 2026, 14:30')
    expect(formatDayTime(sundayFirst, 'fr', zurich)).toBe('dimanche 1er novembre 2026, 14:30')
    expect(formatDayTime(tuesday, 'fr', zurich)).toBe('mardi 24 novembre 2026, 08:05')
  })

  it('writes the day in the shop’s time zone (the 1st in Zurich is still 31 October in New York)', () => {
    const lateOnTheFirst = '2026-11-01T00:30:00Z'
    expect(formatLongDate(lateOnTheFirst, 'fr', zurich)).toBe('1er novembre 2026')
    expect(formatLongDate(lateOnTheFirst, 'fr', 'America/New_York')).toBe('31 octobre 2026')
    expect(formatLongDate(lateOnTheFirst, 'de', 'America/New_York')).toBe('31. Oktober 2026')
    expect(formatLongDate(lateOnTheFirst, 'en', zurich)).toBe('1 November 2026')
  })

  it('writes a calendar’s days and month the same way', () => {
    expect(formatWeekdayDate(calendarDate('2026-11-01'), 'de', 'UTC')).toBe('Sonntag, 1. November')
    expect(formatWeekdayDate(calendarDate('2026-11-01'), 'en', 'UTC')).toBe('Sunday, 1 November')
    expect(formatWeekdayDate(calendarDate('2026-11-01'), 'fr', 'UTC')).toBe('dimanche 1er novembre')
    expect(formatWeekdayDate(calendarDate('2026-11-24'), 'fr', 'UTC')).toBe('mardi 24 novembre')
    expect(formatDay(calendarDate('2026-11-24'), 'fr', 'UTC')).toBe('mardi 24 novembre 2026')
    expect(formatMonth(calendarDate('2026-11-01'), 'fr', 'UTC')).toBe('novembre 2026')
    expect(formatMonth(calendarDate('2026-03-01'), 'de', 'UTC')).toBe('März 2026')
  })
})
