import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Locale } from '../../lib/locale'
import { mailCatalogPath, parsePo } from './i18n'
import { formatMoney as formatPageMoney } from '../../lib/dates'
import { escapeHtml, formatMoney, MAIL_KINDS, paymentDescription, renderMail, type MailKind, type MailShop } from './templates'
import { bookingFixture, PRIMARY } from '../../../tests/support/mail'

const LOCALES: Locale[] = ['de', 'en', 'fr']
const KINDS: MailKind[] = ['booking.confirmation', 'request.received']

function shop(overrides: Partial<MailShop> = {}): MailShop {
  return {
    title: 'Alpin Abenteuer',
    colorPalette: { primary: PRIMARY, accent: { background: [1, 2, 3], foreground: [4, 5, 6] } },
    contact: {
      name: 'Alpin Abenteuer GmbH',
      email: 'info@alpin-abenteuer.ch',
      phone: '+41 33 123 45 67',
      website: 'https://www.alpin-abenteuer.ch',
      openingHours: { de: 'Täglich 8.00–18.00 Uhr', fr: 'Tous les jours 8 h – 18 h' },
      address: { street: 'Höheweg', streetNumber: '7', postalCode: '3800', city: 'Interlaken', country: 'CH' },
    },
    successUrl: 'https://alpin.example.ch/de/checkout/abc/success',
    logoUrl: 'https://alpin.example.ch/media/logo.png',
    ...overrides,
  }
}

/** Intl puts (narrow) no-break spaces into amounts and dates; compare with plain spaces. */
function plain(text: string) {
  return text.replace(/[\u00a0\u202f]/g, ' ')
}

function all(mail: { subject: string; text: string; html: string }) {
  return `${mail.subject}\n${mail.text}\n${mail.html}`
}

/** Every one of `parts` stands in `text`. */
function expectContains(text: string, parts: string[]) {
  for (const part of parts) expect(text).toContain(part)
}

describe('renderMail', () => {
  it.each(LOCALES.flatMap((locale) => KINDS.map((kind) => [locale, kind] as const)))(
    '%s %s: subject, code, items, totals and contact',
    (locale, kind) => {
      const booking = bookingFixture(kind === 'request.received' ? { mode: 'request', status: 'REQUESTED' } : {})
      const mail = renderMail(kind, { booking, shop: shop(), locale })
      expect(mail.subject).toContain('K7Q2-X9PM')
      expect(mail.subject).toContain('Alpin Abenteuer')
      for (const part of [mail.text, mail.html]) {
        expectContains(part, [
          'K7Q2-X9PM',
          'Canyoning im Saxetbach',
          'Erwachsene',
          'Anna Muster, Beat Keller',
          '09:00–12:00', // 07:00Z in Zurich summer time
          '18:30–21:00', // 17:30Z in Zurich winter time
          '+41 33 123 45 67',
          'info@alpin-abenteuer.ch',
          'Höheweg 7, 3800 Interlaken',
        ])
      }
      expect(mail.html).toContain('href="https://alpin.example.ch/de/checkout/abc/success"')
      expect(mail.html).toContain(`lang="${locale}"`)
    },
  )

  it('writes idiomatic texts per locale: dates, money, payment and the request note', () => {
    const booking = bookingFixture()
    const rendered = renderMail('booking.confirmation', { booking, shop: shop(), locale: 'de' })
    const de = { ...rendered, text: plain(rendered.text) }
    expect(de.subject).toBe('Buchungsbestätigung K7Q2-X9PM – Alpin Abenteuer')
    expectContains(de.text, [
      'Samstag, 14. Juni 2025',
      'Total: CHF 245.00',
      'Offener Betrag: CHF 120.00',
      'Zahlungsart: Bezahlung vor Ort',
      'Freundliche Grüsse',
      'Öffnungszeiten: Täglich 8.00–18.00 Uhr',
      '.ics',
    ])

    const en = renderMail('booking.confirmation', { booking, shop: shop(), locale: 'en' })
    en.text = plain(en.text)
    expect(en.subject).toBe('Booking confirmation K7Q2-X9PM – Alpin Abenteuer')
    expect(en.text).toContain('Saturday, 14 June 2025')
    expect(en.text).toContain('Payment method: Pay on site')
    // no English opening hours: the first translation is used (pickLabel)
    expect(en.text).toContain('Opening hours: Täglich 8.00–18.00 Uhr')

    const frRequest = renderMail('request.received', {
      booking: bookingFixture({ mode: 'request', status: 'REQUESTED', paymentMethod: 'PAY_LATER' }),
      shop: shop(),
      locale: 'fr',
    })
    frRequest.text = plain(frRequest.text)
    expect(frRequest.subject).toBe('Votre demande K7Q2-X9PM a bien été reçue – Alpin Abenteuer')
    expectContains(frRequest.text, [
      'samedi 14 juin 2025',
      '245.00 CHF',
      'Paiement ultérieur',
      'vérifions maintenant les disponibilités',
      'par e-mail',
    ])
    expect(frRequest.text).not.toContain('.ics')

    const deRequest = renderMail('request.received', { booking, shop: shop(), locale: 'de' })
    expect(deRequest.text).toContain('Verfügbarkeit')
    expect(deRequest.text).toContain('per E-Mail')
    const enRequest = renderMail('request.received', { booking, shop: shop(), locale: 'en' })
    expect(enRequest.text).toContain('checking availability')
  })

  it('never uses ß in German', () => {
    for (const kind of KINDS) {
      for (const method of ['PAY_NOW', 'PAY_LATER', 'PAY_ON_SITE', 'PAY_LATER_OR_ON_SITE'] as const) {
        const mail = renderMail(kind, { booking: bookingFixture({ paymentMethod: method }), shop: shop(), locale: 'de' })
        expect(all(mail)).not.toContain('ß')
      }
    }
  })

  it('keeps participants’ names on their line in the plain text, whatever they hold', () => {
    const booking = bookingFixture()
    booking.items[0]!.participants = [{ firstname: 'Anna\r\nBcc: victim@example.com\n', surname: 'Muster\u2028Subject: hi', extras: [] }]
    for (const kind of KINDS) {
      const mail = renderMail(kind, { booking, shop: shop(), locale: 'en' })
      const lines = mail.text.split('\n')
      expect(lines.some((line) => /^(Bcc|Subject):/i.test(line.trim()))).toBe(false)
      expect(mail.text).not.toMatch(/[\r\u2028\u2029]/)
      expect(mail.text).toMatch(/Participants: Anna Bcc: victim@example\.com +Muster Subject: hi\n/)
    }
  })

  it('escapes every interpolated value in the HTML', () => {
    const hostile = '<img src=x onerror=alert(1)>'
    const booking = bookingFixture({ code: '<b>X</b>' })
    booking.items = booking.items.map((item) => ({
      ...item,
      offerTitle: hostile,
      skuTitle: `"><script>alert(2)</script>`,
      participants: [{ firstname: '<i>Eve', surname: "O'Neil & Co", extras: [] }],
    }))
    const mail = renderMail('booking.confirmation', {
      booking,
      locale: 'en',
      shop: shop({
        title: '<u>Shop</u>',
        logoUrl: 'https://example.ch/logo.png?a=1&b="2"',
        successUrl: 'javascript:alert(3)',
        contact: {
          ...shop().contact,
          name: '<svg onload=alert(4)>',
          phone: '<script>',
          email: 'x"@example.ch',
          website: 'javascript:alert(5)',
          openingHours: { en: '<marquee>' },
        },
      }),
    })
    expect(mail.html).not.toContain('<img src=x')
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(mail.html).not.toMatch(/<script|<svg|<marquee|<i>|<u>|<b>/)
    expectContains(mail.html, [
      '&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;',
      '&lt;i&gt;Eve O&#39;Neil &amp; Co',
      '&lt;b&gt;X&lt;/b&gt;',
      'src="https://example.ch/logo.png?a=1&amp;b=&quot;2&quot;"',
      'mailto:x&quot;@example.ch',
    ])
    expect(mail.html).not.toContain('javascript:')
    // the plain-text part carries the values as they are
    expect(mail.text).toContain(hostile)
    expect(mail.subject).toContain('<b>X</b>')
  })

  it('uses the primary colour for the header and its foreground for the text on it', () => {
    const mail = renderMail('booking.confirmation', { booking: bookingFixture(), shop: shop(), locale: 'de' })
    expect(mail.html).toContain('background-color:rgb(14, 116, 144);color:rgb(250, 250, 240)')
    expect(mail.html).toContain('color:rgb(250, 250, 240);">Buchungsbestätigung</h1>')
    expect(mail.html).not.toContain('rgb(1, 2, 3)')
    expect(mail.html).not.toMatch(/<style|class=/)
    expect(mail.html).toMatch(/^<!DOCTYPE html><html lang="de">/)
    expect(mail.html).toContain('<table role="presentation"')
  })

  it('falls back to a neutral blue when the palette has no valid primary colour', () => {
    for (const colorPalette of [undefined, {}, { primary: { background: [300, 0, 0], foreground: [0, 0, 0] } }, 'red']) {
      const mail = renderMail('booking.confirmation', { booking: bookingFixture(), shop: shop({ colorPalette }), locale: 'fr' })
      expect(mail.html).toContain('background-color:rgb(29, 78, 216);color:rgb(255, 255, 255)')
    }
  })

  it('renders dates in the given time zone', () => {
    const mail = renderMail('booking.confirmation', {
      booking: bookingFixture(),
      shop: shop({ timeZone: 'America/New_York' }),
      locale: 'en',
    })
    expect(mail.text).toContain('03:00–06:00')
  })
})

describe('renderMail: where and what, per date (issue 22, point 7)', () => {
  const chf = (amount: number) => ({ amount, currency: 'CHF' })
  /** Two variants of one canyoning session with the photo package, and the fondue evening. */
  function withExtras() {
    const booking = bookingFixture({ total: chf(51700 + 500), openAmount: chf(51700 + 500) })
    const adults = booking.items[0]!
    booking.items = [
      {
        ...adults,
        participants: [
          { firstname: 'Anna', surname: 'Muster', extras: ['photos'] },
          { firstname: 'Beat', surname: 'Keller', extras: [] },
        ],
        unitPrice: chf(14900),
        variantTotal: chf(29800),
        extras: [{ id: 'photos', title: 'Fotopaket', quantity: 1, unitPrice: chf(2500), total: chf(2500) }],
        total: chf(32300),
      },
      {
        ...adults,
        skuTitle: 'Jugendliche',
        quantity: 1,
        participants: [{ firstname: 'Carla', surname: 'Muster', extras: ['photos', 'transfer'] }],
        unitPrice: chf(12900),
        variantTotal: chf(12900),
        extras: [
          { id: 'photos', title: 'Fotopaket', quantity: 1, unitPrice: chf(2500), total: chf(2500) },
          { id: 'transfer', title: 'Transfer', per: 'booking', quantity: 1, unitPrice: chf(4000), total: chf(4000) },
        ],
        total: chf(19400),
      },
      booking.items[1]!,
    ]
    return booking
  }
  const colon: Record<Locale, string> = { de: ': ', en: ': ', fr: '\u00a0: ' }
  const meetingLabel: Record<Locale, string> = { de: 'Treffpunkt', en: 'Meeting point', fr: 'Point de rendez-vous' }
  const money = (amount: number, locale: Locale) => formatMoney(chf(amount), locale)

  it.each(LOCALES)('%s: the meeting point, a line per variant with its participants, the extras with quantities and amounts, the date’s price', (locale) => {
    const mail = renderMail('booking.confirmation', { booking: withExtras(), shop: shop(), locale })
    const c = colon[locale]
    const lines = mail.text.split('\n')
    // one date for the two variants of the session
    expect(lines.filter((l) => l === 'Canyoning im Saxetbach')).toHaveLength(1)
    expectContains(mail.text, [
      `  ${meetingLabel[locale]}${c}Bahnhof Wilderswil, 3812 Wilderswil\n`,
      `  Erwachsene${c}2 × ${money(14900, locale)} = ${money(29800, locale)}\n`,
      `Anna Muster, Beat Keller\n`,
      `  Jugendliche${c}1 × ${money(12900, locale)} = ${money(12900, locale)}\n`,
      `Carla Muster\n`,
      // the photo package of both variants on one line; the transfer once per booking
      `    Fotopaket${c}2 × ${money(2500, locale)} = ${money(5000, locale)}\n`,
      `    Transfer${c}1 × ${money(4000, locale)} = ${money(4000, locale)}\n`,
      `${money(51700, locale)}\n`,
    ])
    // the fondue evening has no meeting point: none is made up
    const fondue = mail.text.slice(mail.text.indexOf('Fondue-Abend'))
    expect(fondue.slice(0, fondue.indexOf('\n\n'))).not.toContain(meetingLabel[locale])
    const e = escapeHtml
    for (const part of [
      `>${e(meetingLabel[locale])}</td>`,
      'Bahnhof Wilderswil, 3812 Wilderswil',
      e(`Fotopaket${c}2 × ${money(2500, locale)} = ${money(5000, locale)}`),
      e(`1 × ${money(12900, locale)} = ${money(12900, locale)}`),
      e(money(51700, locale)),
    ])
      expect(mail.html).toContain(part)
  })

  it('names the extras under their own heading (en)', () => {
    const mail = renderMail('booking.confirmation', { booking: withExtras(), shop: shop(), locale: 'en' })
    expect(plain(mail.text)).toContain('  Booked extras:\n    Fotopaket: 2 × CHF 25.00 = CHF 50.00\n    Transfer: 1 × CHF 40.00 = CHF 40.00\n  Price: CHF 517.00\n')
    expect(mail.html).toContain('>Booked extras</td>')
  })

  it.each(['request.received', 'request.accepted'] as const)('%s lists the dates the same way', (kind) => {
    const booking = { ...withExtras(), mode: 'request' as const, status: kind === 'request.received' ? ('REQUESTED' as const) : ('ACCEPTED' as const) }
    const mail = renderMail(kind, { booking, shop: shop(), locale: 'de' })
    expectContains(plain(mail.text), ['  Treffpunkt: Bahnhof Wilderswil, 3812 Wilderswil', '  Erwachsene: 2 × CHF 149.00 = CHF 298.00', '    Fotopaket: 2 × CHF 25.00 = CHF 50.00'])
  })

  it('renders an e-mail queued before the booking had extras and prices per line', () => {
    const booking = bookingFixture()
    booking.items = booking.items.map(({ extras: _extras, unitPrice: _unit, variantTotal: _variant, meetingPoint: _meeting, ...old }) => old as (typeof booking.items)[number])
    const mail = renderMail('booking.confirmation', { booking, shop: shop(), locale: 'en' })
    expect(mail.text).toContain('  Erwachsene: 2\n  Participants: Anna Muster, Beat Keller\n')
    expect(mail.text).not.toContain('undefined')
  })
})

describe('helpers', () => {
  it('escapeHtml escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;')
    expect(escapeHtml(undefined)).toBe('')
    expect(escapeHtml(42)).toBe('42')
  })

  it('formats money with the one function the pages use (src/lib/money.ts)', () => {
    for (const locale of ['de', 'en', 'fr'] as const) {
      for (const money of [{ amount: 1000, currency: 'JPY' }, { amount: 24550, currency: 'CHF' }, { amount: 99, currency: 'EUR' }]) {
        expect(formatMoney(money, locale)).toBe(formatPageMoney(money.amount, money.currency, locale))
      }
    }
  })

  it("describes a booking's payment for the provider in the booking's language", () => {
    expect(paymentDescription('de', 'Bergschule Alpin', 'K7Q2-X9PM')).toBe('Bergschule Alpin – Buchung K7Q2-X9PM')
    expect(paymentDescription('en', 'Bergschule Alpin', 'K7Q2-X9PM')).toBe('Bergschule Alpin – booking K7Q2-X9PM')
    expect(paymentDescription('fr', 'École Alpin', 'K7Q2-X9PM')).toBe('École Alpin – réservation K7Q2-X9PM')
  })

  it('formatMoney uses the currency minor units', () => {
    expect(plain(formatMoney({ amount: 123456, currency: 'CHF' }, 'de'))).toMatch(/^CHF 1['’]234\.56$/)
    expect(plain(formatMoney({ amount: 1000, currency: 'JPY' }, 'en'))).toMatch(/[^0-9]1['’,]?000$/)
  })
})

describe('renderMail: payments and request answers', () => {
  const PAY_URL = 'https://alpin.example.ch/de/aftersales/payment/HrlKkClh1R2NxtK1bGqJ3mJQv4B6BETM7PJxzThzI04'
  const EXPIRES = '2026-12-23T10:00:00.000Z'
  const ENGLISH = /\b(the|your|booking|request|payment|received|confirmed)\b/i

  it.each(LOCALES)('%s: a pay-later confirmation carries the payment link and its expiry', (locale) => {
    const booking = bookingFixture({ paymentMethod: 'PAY_LATER', paymentState: 'payable' })
    const mail = renderMail('booking.confirmation', { booking, shop: shop(), locale, paymentUrl: PAY_URL, paymentLinkExpiresAt: EXPIRES })
    expect(mail.text).toContain(PAY_URL)
    expect(mail.html).toContain(`href="${PAY_URL}"`)
    const day = { de: '23. Dezember 2026', en: '23 December 2026', fr: '23 décembre 2026' }[locale]
    expect(plain(mail.text)).toContain(day)
    expect(plain(mail.html)).toContain(day)
  })

  it('words the link for pay now as a second chance, and leaves it out when nothing is open', () => {
    const payNow = renderMail('booking.confirmation', {
      booking: bookingFixture({ paymentMethod: 'PAY_NOW' }),
      shop: shop(),
      locale: 'en',
      paymentUrl: PAY_URL,
    })
    expect(payNow.text).toContain('If your payment did not go through')
    const paid = renderMail('booking.confirmation', {
      booking: bookingFixture({ paymentMethod: 'PAY_NOW', openAmount: { amount: 0, currency: 'CHF' } }),
      shop: shop(),
      locale: 'en',
      paymentUrl: PAY_URL,
    })
    expect(all(paid)).not.toContain(PAY_URL)
  })

  it('never renders a payment link that is not http(s)', () => {
    for (const paymentUrl of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'not a url', '//evil.example/x']) {
      const mail = renderMail('request.accepted', { booking: bookingFixture({ status: 'ACCEPTED', mode: 'request' }), shop: shop(), locale: 'de', paymentUrl })
      expect(all(mail)).not.toContain(paymentUrl)
      expect(all(mail)).not.toContain('javascript:')
      expect(mail.text).not.toContain('Jetzt online bezahlen')
    }
  })

  it.each(LOCALES)('%s: an accepted request has the reply (escaped, lines kept) and the payment link', (locale) => {
    const reply = 'Wir freuen uns!\n<script>alert("x")</script> & bis bald'
    const mail = renderMail('request.accepted', {
      booking: bookingFixture({ status: 'ACCEPTED', mode: 'request', paymentMethod: 'PAY_LATER' }),
      shop: shop(),
      locale,
      reply,
      paymentUrl: PAY_URL,
      paymentLinkExpiresAt: EXPIRES,
    })
    expect(mail.subject).toContain('K7Q2-X9PM')
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('Wir freuen uns!<br>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; bis bald')
    expect(mail.text).toContain('> Wir freuen uns!')
    expect(mail.text).toContain('> <script>alert("x")</script> & bis bald')
    expect(mail.html).toContain(`href="${PAY_URL}"`)
    expect(mail.text).toContain('Canyoning im Saxetbach')
    if (locale !== 'en') expect(`${mail.subject}\n${mail.text}`.replace(/Canyoning im Saxetbach|Fondue|https?:\S+/g, '')).not.toMatch(ENGLISH)
  })

  it.each(LOCALES)('%s: a declined request has the reply and no payment link nor totals', (locale) => {
    const mail = renderMail('request.declined', {
      booking: bookingFixture({ status: 'DECLINED', mode: 'request', paymentMethod: 'PAY_LATER' }),
      shop: shop(),
      locale,
      reply: 'Leider ausgebucht.',
      paymentUrl: PAY_URL,
    })
    expect(mail.text).toContain('> Leider ausgebucht.')
    expect(all(mail)).not.toContain(PAY_URL)
    expect(plain(mail.text)).not.toContain('CHF 245.00')
    if (locale !== 'en') expect(`${mail.subject}\n${mail.text}`.replace(/Canyoning im Saxetbach|Fondue|https?:\S+/g, '')).not.toMatch(ENGLISH)
  })

  it.each(LOCALES)('%s: a payment receipt names the amount and says when the booking is paid in full', (locale) => {
    const mail = renderMail('payment.received', {
      booking: bookingFixture({ status: 'PAID', paymentMethod: 'PAY_NOW', openAmount: { amount: 0, currency: 'CHF' } }),
      shop: shop(),
      locale,
      amount: { amount: 24500, currency: 'CHF' },
    })
    expect(plain(mail.text)).toContain(plain(formatMoney({ amount: 24500, currency: 'CHF' }, locale)))
    const full = { de: 'vollständig bezahlt', en: 'paid in full', fr: 'entièrement payée' }[locale]
    expect(mail.text).toContain(full)
    expect(mail.html).toContain(full)
    const partly = renderMail('payment.received', { booking: bookingFixture({ status: 'CONFIRMED' }), shop: shop(), locale, amount: { amount: 100, currency: 'CHF' } })
    expect(partly.text).not.toContain(full)
  })
})

describe('renderMail: cancelled bookings', () => {
  const intros: Record<Locale, Record<'payment_deadline' | 'staff', string>> = {
    de: { payment_deadline: 'nicht innerhalb der vorgesehenen Frist eingegangen', staff: 'hat Ihre Buchung storniert' },
    en: { payment_deadline: 'did not receive your payment', staff: 'has cancelled your booking' },
    fr: { payment_deadline: 'pas reçu votre paiement dans le délai prévu', staff: 'Nous avons annulé votre réservation' },
  }
  it.each(LOCALES)('says why, shows the reply, no payment link, totals or calendar (%s)', (locale) => {
    const booking = bookingFixture({ status: 'CANCELLED', paymentMethod: 'PAY_NOW' })
    for (const reason of ['payment_deadline', 'staff'] as const) {
      const mail = renderMail('booking.cancelled', {
        booking,
        shop: shop(),
        locale,
        reason,
        reply: 'Hochwasser <3',
        paymentUrl: 'https://shop.example/pay/abc',
      })
      expect(mail.subject).toContain(booking.code)
      expect(plain(mail.text)).toContain(intros[locale][reason])
      expect(mail.text).toContain('> Hochwasser <3')
      expect(mail.html).toContain('Hochwasser &lt;3')
      expect(all(mail)).not.toContain('https://shop.example/pay/abc')
      expect(all(mail)).not.toContain('.ics')
      expect(all(mail)).not.toContain('ß')
    }
  })
})

describe('renderMail: a cancelled booking that was paid', () => {
  const expected: Record<Locale, string> = {
    de: 'Der bezahlte Betrag von CHF 245.00 wird Ihnen zurückerstattet.',
    en: 'The CHF 245.00 you paid will be refunded to you.',
    fr: 'Le montant payé de 245.00 CHF vous sera remboursé.',
  }
  it.each(LOCALES)('says the money goes back, with the amount in the locale (%s)', (locale) => {
    const booking = bookingFixture({ status: 'CANCELLED' })
    const mail = renderMail('booking.cancelled', { booking, shop: shop(), locale, reason: 'staff', refund: { amount: 24500, currency: 'CHF' } })
    expect(plain(mail.text)).toContain(plain(expected[locale]))
    expect(plain(mail.html)).toContain(escapeHtml(plain(expected[locale])))
    const unpaid = renderMail('booking.cancelled', { booking, shop: shop(), locale, reason: 'staff' })
    expect(plain(unpaid.text)).not.toContain(plain(expected[locale]).slice(0, 12))
  })
})

describe('renderMail: the payment deadline of a pay-now booking', () => {
  const expected: Record<Locale, string> = {
    de: 'Ihre Plätze sind bis Montag, 23. November 2026, 16:30 Uhr für Sie reserviert.',
    en: 'Your places are held for you until Monday, 23 November 2026, 16:30.',
    fr: 'Vos places sont réservées jusqu’au lundi 23 novembre 2026 à 16:30.',
  }
  it.each(LOCALES)('tells until when the places are held, in the shop’s time zone (%s)', (locale) => {
    const booking = { ...bookingFixture({ paymentMethod: 'PAY_NOW' }), paymentDeadline: '2026-11-23T15:30:00.000Z' }
    const mail = renderMail('booking.confirmation', { booking, shop: shop(), locale, paymentUrl: 'https://shop.example/pay/abc' })
    expect(plain(mail.text)).toContain(plain(expected[locale]))
    expect(plain(mail.html)).toContain(escapeHtml(plain(expected[locale])))
    const later = renderMail('booking.confirmation', { booking: bookingFixture({ paymentMethod: 'PAY_LATER' }), shop: shop(), locale })
    expect(plain(later.text)).not.toContain(plain(expected[locale]).slice(0, 20))
  })
})

describe('the mail texts come from the Lingui catalogues (src/locales/*/mail.po)', () => {
  const catalogue = (locale: Locale) => parsePo(readFileSync(mailCatalogPath(locale), 'utf8'))
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

  it('translates every message into de and fr, with no placeholder the English one lacks', () => {
    const en = catalogue('en')
    expect(en.size).toBeGreaterThan(50)
    for (const locale of ['de', 'fr'] as const) {
      const translated = catalogue(locale)
      expect([...translated.keys()].sort()).toEqual([...en.keys()].sort())
      for (const [id, text] of translated) {
        expect(text.trim(), `${locale}: ${id}`).not.toBe('')
        for (const name of placeholders(text)) expect(placeholders(en.get(id)!), `${locale}: ${id}`).toContain(name)
      }
    }
  })

  it.each(LOCALES)('leaves no placeholder and no message id in a rendered mail (%s)', (locale) => {
    for (const kind of MAIL_KINDS) {
      const mail = renderMail(kind, {
        booking: bookingFixture({ paymentMethod: 'PAY_LATER' }),
        shop: shop(),
        locale,
        paymentUrl: 'https://shop.example/pay/abc',
        paymentLinkExpiresAt: '2026-12-24T10:00:00Z',
        reply: 'OK',
        amount: { amount: 100, currency: 'CHF' },
      })
      expect(all(mail)).not.toMatch(/\{(code|shop|amount|date|day|time)\}|mail\.(colon|payment-method)/)
    }
  })

  it('renders the French colon with a no-break space and the German greeting without a comma', () => {
    const fr = renderMail('booking.confirmation', { booking: bookingFixture(), shop: shop(), locale: 'fr' })
    expect(fr.text).toContain('Code de réservation\u00a0: K7Q2-X9PM')
    const de = renderMail('booking.confirmation', { booking: bookingFixture(), shop: shop(), locale: 'de' })
    expect(de.text.split('\n')[0]).toBe('Guten Tag')
  })
})
