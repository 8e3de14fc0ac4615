import { describe, expect, it } from 'vitest'
import { isStaffRecipientKind, renderContactCodeSms, renderStaffBookingMail, renderStaffMail } from './staff-templates'
import { composeMessage } from './outbox'
import { shopFixture } from '../../../tests/support/mail'

const shop = { title: 'Alpin <Abenteuer>', colorPalette: {}, timeZone: 'Europe/Zurich' }
const url = 'https://alpin.example/de/admin/password/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'
const link = { kind: 'staff_invitation' as const, name: 'Lea <b>', url, expiresAt: '2026-11-30T08:00:00.000Z' }

describe('staff mails', () => {
  it('invitation in de-CH, en and fr-CH with the link, its end in the shop time zone, and escaped values', () => {
    const de = renderStaffMail(link, shop, 'de')
    expect(de.subject).toBe('Ihr Zugang zur Mitarbeiter-App von Alpin <Abenteuer>')
    expect(de.text).toContain('Guten Tag Lea <b>')
    expect(de.text).toContain(url)
    expect(de.text).toContain('bis Montag, 30. November 2026, 09:00')
    // French without a comma after the weekday, as on the visitor's pages (issue 22, point 10)
    expect(renderStaffMail(link, shop, 'fr').text).toContain('lundi 30 novembre 2026, 09:00')
    expect(de.html).toContain(`href="${url}"`)
    expect(de.html).toContain('Lea &lt;b&gt;')
    expect(de.html).not.toContain('<b>')
    expect(renderStaffMail(link, shop, 'en').text).toContain('Choose your password with this link:')
    expect(renderStaffMail(link, shop, 'fr').subject).toBe('Votre accès à l’application du personnel de Alpin <Abenteuer>')
  })

  it('reset and code mails say what they are for; the code mail carries the code and no link', () => {
    const reset = renderStaffMail({ ...link, kind: 'staff_password_reset' }, shop, 'en')
    expect(reset.subject).toBe('Choose a new password – Alpin <Abenteuer>')
    expect(reset.text).toContain('your password stays the same')
    const code = renderStaffMail({ kind: 'staff_contact_code', name: 'Lea', code: '042917' }, shop, 'fr')
    expect(code.subject).toBe('Votre code de confirmation – Alpin <Abenteuer>')
    expect(code.text).toContain('042917')
    expect(code.text).toContain('Le code est valable 15 minutes.')
    expect(code.html).not.toContain('href=')
  })

  it('never renders a link that is not http(s)', () => {
    expect(() => renderStaffMail({ ...link, url: 'javascript:alert(1)' }, shop, 'de')).toThrow()
  })

  it('the text message in the member language', () => {
    expect(renderContactCodeSms('042917', 'Alpin', 'de')).toBe('042917 ist Ihr Bestätigungscode für Alpin. Er ist 15 Minuten gültig.')
    expect(renderContactCodeSms('042917', 'Alpin', 'en')).toBe('042917 is your confirmation code for Alpin. It is valid for 15 minutes.')
  })
})

describe('notices of new bookings and requests to the staff', () => {
  const booking = {
    code: 'K7Q2-X9PM',
    mode: 'order' as const,
    person: { firstname: 'Zoë', surname: 'Müller <script>', email: 'zoe@example.ch', phone: '+41 79 123 45 67' },
    company: 'Bergbahnen AG',
    paymentMethod: 'PAY_ON_SITE' as const,
    total: { amount: 123450, currency: 'CHF' },
    message: 'Wir kommen mit dem Zug.',
    items: [{ offer: 'Canyoning', variant: 'Erwachsene', start: '2026-06-13T07:00:00.000Z', end: '2026-06-13T10:00:00.000Z', participants: 3 }],
  }
  const bookingUrl = 'https://alpin.example/de/admin/sales/bookings/K7Q2-X9PM'
  const notice = (locale: 'de' | 'en' | 'fr', kind: 'staff.booking_received' | 'staff.request_received' = 'staff.booking_received') =>
    renderStaffBookingMail({ kind, name: 'Anna', booking: { ...booking, mode: kind === 'staff.request_received' ? 'request' : 'order' }, url: bookingUrl }, shop, locale)

  it('in English: who booked what and when (shop time zone), the total, the contact and the link to the booking', () => {
    const en = notice('en')
    expect(en.subject).toBe('New booking K7Q2-X9PM – Alpin <Abenteuer>')
    expect(en.text).toContain('Hello Anna,')
    expect(en.text).toContain('Zoë Müller <script> (Bergbahnen AG) has booked with Alpin <Abenteuer>:')
    expect(en.text).toContain('Canyoning – Erwachsene')
    expect(en.text).toContain('Saturday, 13 June 2026, 09:00–12:00')
    expect(en.text).toContain('Participants: 3')
    expect(en.text).toContain('CHF\u00a01’234.50')
    expect(en.text).toContain('Pay on site')
    expect(en.text).toContain('zoe@example.ch')
    expect(en.text).toContain('Wir kommen mit dem Zug.')
    expect(en.text).toContain(`Open the booking: ${bookingUrl}`)
    expect(en.text).toContain('e-mails about new bookings are switched on in your profile')
    expect(en.html).toContain(`href="${bookingUrl}"`)
    expect(en.html).toContain('Müller &lt;script&gt;')
    expect(en.html).not.toContain('<script>')
    expect(en.html).toContain('lang="en"')
  })

  it('in German (de-CH) and French (fr-CH), dates and money of the locale', () => {
    const de = notice('de')
    expect(de.subject).toBe('Neue Buchung K7Q2-X9PM – Alpin <Abenteuer>')
    expect(de.text).toContain('Zoë Müller <script> (Bergbahnen AG) hat bei Alpin <Abenteuer> gebucht:')
    expect(de.text).toContain('Samstag, 13. Juni 2026, 09:00–12:00')
    expect(de.text).toContain('Teilnehmende: 3')
    expect(de.text).toContain('CHF\u00a01’234.50')
    expect(de.text).toContain(`Buchung öffnen: ${bookingUrl}`)
    const fr = notice('fr')
    expect(fr.subject).toBe('Nouvelle réservation K7Q2-X9PM – Alpin <Abenteuer>')
    expect(fr.text).toContain('a réservé auprès de Alpin <Abenteuer>\u00a0:')
    expect(fr.text).toContain('samedi 13 juin 2026, 09:00–12:00')
    expect(fr.text).not.toContain('samedi,')
    expect(fr.text).toContain('1\u202f234.50\u00a0CHF')
    expect(fr.text).toContain(`Ouvrir la réservation\u00a0: ${bookingUrl}`)
    expect(fr.text).toContain('Participants\u00a0: 3')
  })

  it('a request says it waits for an answer, in each language', () => {
    expect(notice('en', 'staff.request_received').subject).toBe('New request K7Q2-X9PM – Alpin <Abenteuer>')
    expect(notice('en', 'staff.request_received').text).toContain('It waits for your answer')
    expect(notice('en', 'staff.request_received').text).toContain('Reference: K7Q2-X9PM')
    expect(notice('de', 'staff.request_received').subject).toBe('Neue Anfrage K7Q2-X9PM – Alpin <Abenteuer>')
    expect(notice('fr', 'staff.request_received').subject).toBe('Nouvelle demande K7Q2-X9PM – Alpin <Abenteuer>')
  })

  it('has no button without a link, and never a link that is not http(s)', () => {
    const plain = renderStaffBookingMail({ kind: 'staff.booking_received', name: 'Anna', booking }, shop, 'en')
    expect(plain.html).not.toContain('href=')
    expect(() => renderStaffBookingMail({ kind: 'staff.booking_received', name: 'Anna', booking, url: 'javascript:alert(1)' }, shop, 'en')).toThrow()
  })

  it('tells the staff kinds apart from the visitor’s', () => {
    expect(isStaffRecipientKind('staff.booking_received')).toBe(true)
    expect(isStaffRecipientKind('staff_invitation')).toBe(true)
    expect(isStaffRecipientKind('booking.confirmation')).toBe(false)
  })
})

describe('the outbox composes a notice with the link on the shop’s canonical origin', () => {
  const payload = {
    to: 'anna@alpin.example',
    locale: 'en',
    name: 'Anna',
    path: '/en/admin/sales/requests/K7Q2-X9PM',
    booking: {
      code: 'K7Q2-X9PM',
      mode: 'request',
      person: { firstname: 'Zoë', surname: 'Müller', email: 'zoe@example.ch', phone: '+41 79 123 45 67' },
      paymentMethod: 'PAY_LATER',
      total: { amount: 5000, currency: 'CHF' },
      items: [],
    },
  }

  it('joins the origin and the path; without an origin there is no button', () => {
    const sent = composeMessage({ kind: 'staff.request_received', payload }, shopFixture({ origin: 'https://alpin.example' }), 'x@example.ch', new Date())
    expect(sent.to).toBe('anna@alpin.example')
    expect(sent.subject).toBe('New request K7Q2-X9PM – Alpine Adventures')
    expect(sent.text).toContain('Open the request: https://alpin.example/en/admin/sales/requests/K7Q2-X9PM')
    expect(sent.attachments).toBeUndefined()
    const plain = composeMessage({ kind: 'staff.request_received', payload }, shopFixture(), 'x@example.ch', new Date())
    expect(plain.html).not.toContain('href=')
  })

  it('refuses a payload whose path is not a plain path (never a link elsewhere)', () => {
    for (const path of ['//evil.example/x', 'https://evil.example/', '/a b']) {
      expect(() => composeMessage({ kind: 'staff.request_received', payload: { ...payload, path } }, shopFixture({ origin: 'https://alpin.example' }), 'x@example.ch', new Date())).toThrow()
    }
  })
})
