import { describe, expect, it } from 'vitest'
import type { Locale } from '~/lib/locale'
import { formatDay, formatMoney as formatPageMoney, formatTime } from '~/lib/dates'
import { renderMail, type MailShop } from './templates'
import { bookingFixture, shopFixture } from '../../../tests/support/mail'

/** The e-mails write dates, times and amounts as the visitor's pages do (issue 22, point 10). */

const shop: MailShop = { ...shopFixture(), title: 'Alpin Abenteuer', timeZone: 'Europe/Zurich' }
const fixture = bookingFixture()
const booking = {
  ...fixture,
  total: { amount: 145000, currency: 'CHF' },
  openAmount: { amount: 145000, currency: 'CHF' },
  // Sunday, 1 November 2026, 14:30–17:00 in Zurich
  items: [{ ...fixture.items[0]!, start: '2026-11-01T13:30:00.000Z', end: '2026-11-01T16:00:00.000Z', total: { amount: 145000, currency: 'CHF' } }],
}

const expected: Record<Locale, { day: string; amount: string }> = {
  de: { day: 'Sonntag, 1. November 2026', amount: 'CHF\u00a01’450.00' },
  en: { day: 'Sunday, 1 November 2026', amount: 'CHF\u00a01’450.00' },
  fr: { day: 'dimanche 1er novembre 2026', amount: '1\u202f450.00\u00a0CHF' },
}

describe('the visitor’s e-mail and pages write dates, times and amounts alike', () => {
  it.each(['de', 'en', 'fr'] as const)('%s: the day, a 24-hour time and CHF 1450.00', (locale) => {
    const mail = renderMail('booking.confirmation', { booking, shop, locale })
    const { day, amount } = expected[locale]
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(day)
      expect(part).toContain('14:30–17:00')
      expect(part).toContain(amount)
      expect(part).not.toMatch(/1'450|\d [AP]M\b|novembre,|Sonntag, 1 /)
    }
    // the page writes the same strings
    expect(formatDay(booking.items[0]!.start, locale, 'Europe/Zurich')).toBe(day)
    expect(formatTime(booking.items[0]!.start, locale, 'Europe/Zurich')).toBe('14:30')
    expect(formatPageMoney(145000, 'CHF', locale)).toBe(amount)
  })
})
