// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { afterEach, describe, expect, it } from 'vitest'
import { getI18n } from '~/lib/i18n'
import { formatMoney } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { bookingFixture } from '../../../tests/support/mail'
import { BookedDates } from './booking-outcome'

const chf = (amount: number) => ({ amount, currency: 'CHF' })

/** Two adults (one with the photo package) and a youth on one canyoning session, and the fondue evening without a meeting point. */
function booking() {
  const b = bookingFixture()
  const adults = b.items[0]!
  b.items = [
    {
      ...adults,
      offerTitle: 'Canyoning Grimsel',
      skuTitle: 'Adult',
      meetingPoint: 'Alpin Abenteuer base, Seestrasse 21, 3800 Interlaken',
      participants: [
        { firstname: 'Anna', surname: 'Muster', extras: ['photos'] },
        { firstname: 'Beat', surname: 'Keller', extras: [] },
      ],
      unitPrice: chf(14900),
      variantTotal: chf(29800),
      extras: [{ id: 'photos', title: 'Photo package', quantity: 1, unitPrice: chf(2500), total: chf(2500) }],
      total: chf(32300),
    },
    {
      ...adults,
      offerTitle: 'Canyoning Grimsel',
      skuTitle: 'Youth',
      meetingPoint: 'Alpin Abenteuer base, Seestrasse 21, 3800 Interlaken',
      quantity: 1,
      participants: [{ firstname: 'Carla', surname: 'Muster', extras: [] }],
      unitPrice: chf(12900),
      variantTotal: chf(12900),
      extras: [],
      total: chf(12900),
    },
    b.items[1]!,
  ]
  return b
}

function show(lang: Locale) {
  render(
    <I18nProvider i18n={getI18n(lang)}>
      <BookedDates booking={booking()} lang={lang} when={(iso) => `at ${iso}`} className="" />
    </I18nProvider>,
  )
  return screen.getAllByTestId('booked-date')
}

const money = (amount: number, lang: Locale) => formatMoney(amount, 'CHF', lang)

describe('the booking’s summary on the success page and in the widget', () => {
  afterEach(cleanup)

  it('shows one entry per date with its meeting point, a line per variant, the extra and the amounts', () => {
    const [canyoning, fondue] = show('en')
    expect(screen.getAllByTestId('booked-date')).toHaveLength(2)
    const c = within(canyoning!)
    expect(c.getByText('Canyoning Grimsel')).toBeTruthy()
    expect(c.getByText('at 2025-06-14T07:00:00.000Z')).toBeTruthy()
    expect(c.getByTestId('meeting-point').textContent).toBe('Meeting point: Alpin Abenteuer base, Seestrasse 21, 3800 Interlaken')
    const variants = c.getAllByTestId('booked-variant')
    expect(variants.map((v) => v.textContent)).toEqual([`Adult 2 × ${money(14900, 'en')}Anna Muster, Beat Keller`, `Youth 1 × ${money(12900, 'en')}Carla Muster`])
    expect(variants.map((v) => v.nextElementSibling?.textContent)).toEqual([money(29800, 'en'), money(12900, 'en')])
    const [extra] = c.getAllByTestId('booked-extra')
    expect(extra!.textContent).toBe(`Photo package 1 × ${money(2500, 'en')}`)
    expect(extra!.nextElementSibling?.textContent).toBe(money(2500, 'en'))
    expect(c.getByText('Extras')).toBeTruthy()
    expect(c.getByTestId('booked-date-total').textContent).toBe(money(45200, 'en'))
    // the fondue evening has no meeting point and no extras
    expect(within(fondue!).queryByTestId('meeting-point')).toBeNull()
    expect(within(fondue!).queryByTestId('booked-extra')).toBeNull()
  })

  it.each(['de', 'fr'] as const)('writes the amounts as the %s pages do', (lang) => {
    const [canyoning] = show(lang)
    const c = within(canyoning!)
    expect(c.getByTestId('meeting-point').textContent).toContain('Alpin Abenteuer base, Seestrasse 21, 3800 Interlaken')
    expect(c.getByTestId('booked-extra').textContent).toBe(`Photo package 1 × ${money(2500, lang)}`)
    expect(c.getByTestId('booked-date-total').textContent).toBe(money(45200, lang))
  })
})
