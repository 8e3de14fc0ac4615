import { describe, expect, it } from 'vitest'
import { isStaffRecipientKind, renderStaffAssignmentMail, type StaffAssignmentMailData } from './staff-templates'
import { composeMessage } from './outbox'
import { shopFixture } from '../../../tests/support/mail'

const shop = { title: 'Alpin <Abenteuer>', colorPalette: {}, timeZone: 'Europe/Zurich' }
const url = 'https://alpin.example/de/admin/sales/sessions/sess-0000000000000001/manifest'
const assignment = {
  sessionId: 'sess-0000000000000001',
  offer: 'Canyoning <Grimsel>',
  start: '2026-06-13T07:00:00.000Z',
  end: '2026-06-13T10:00:00.000Z',
  meetingPoint: 'Bahnhof Interlaken Ost',
  place: 'Canyon base, Weg 1, 3800 Interlaken',
  by: 'Marco <Rossi>',
}
const mail = (locale: 'de' | 'en' | 'fr', data: Partial<StaffAssignmentMailData> = {}) =>
  renderStaffAssignmentMail({ kind: 'staff.assigned', name: 'Lea <b>', assignment, url, ...data }, shop, locale)

describe('the notice of an assignment as a guide', () => {
  it('in English: the offer, when (shop time zone), the meeting point and place, who assigned, and the participant list’s link', () => {
    const en = mail('en')
    expect(en.subject).toBe('You guide Canyoning <Grimsel> on 13 Jun 2026 – Alpin <Abenteuer>')
    expect(en.text).toBe(
      [
        'Hello Lea <b>,',
        '',
        'Marco <Rossi> has assigned you as a guide of this date:',
        '',
        'Canyoning <Grimsel>',
        'When: Saturday, 13 June 2026, 09:00–12:00',
        'Meeting point: Bahnhof Interlaken Ost',
        'Place: Canyon base, Weg 1, 3800 Interlaken',
        '',
        `Open the participant list: ${url}`,
        '',
        'You receive this e-mail because the guides of the dates of Alpin <Abenteuer> are planned in its staff app.',
        '',
        'Alpin <Abenteuer>',
        '',
      ].join('\n'),
    )
    expect(en.html).toContain(`href="${url}"`)
    expect(en.html).toContain('<html lang="en">')
  })

  it('escapes every value in the HTML part', () => {
    const { html } = mail('en')
    expect(html).toContain('Canyoning &lt;Grimsel&gt;')
    expect(html).toContain('Marco &lt;Rossi&gt;')
    expect(html).toContain('Lea &lt;b&gt;')
    expect(html).toContain('Alpin &lt;Abenteuer&gt;')
    expect(html).not.toMatch(/<(b|Grimsel|Rossi|Abenteuer)>/)
  })

  it('is written in the member’s language: dates in de-CH and fr-CH', () => {
    const de = mail('de')
    expect(de.html).toContain('<html lang="de">')
    expect(de.text).toContain('Samstag, 13. Juni 2026, 09:00–12:00')
    expect(de.subject).toContain('13.06.2026')
    const fr = mail('fr')
    expect(fr.html).toContain('<html lang="fr">')
    expect(fr.text).toContain('13 juin 2026, 09:00–12:00')
  })

  it('a date over midnight shows both days', () => {
    const late = mail('en', { assignment: { ...assignment, start: '2026-06-13T21:00:00.000Z', end: '2026-06-13T23:00:00.000Z' } })
    expect(late.text).toContain('Saturday, 13 June 2026, 23:00 – Sunday, 14 June 2026, 01:00')
  })

  it('the notice of the end of an assignment has no link, even if one is given, and says the time is free again', () => {
    const off = mail('en', { kind: 'staff.unassigned' })
    expect(off.subject).toBe('You no longer guide Canyoning <Grimsel> on 13 Jun 2026 – Alpin <Abenteuer>')
    expect(off.text).toContain('Marco <Rossi> has taken you off the guides of this date:')
    expect(off.text).toContain('You no longer need to keep this time free for this date.')
    expect(off.text).not.toContain(url)
    expect(off.html).not.toContain('href=')
  })

  it('without a meeting point, a place or who did it, those lines are left out', () => {
    const bare = mail('en', { assignment: { sessionId: 'x', offer: 'Hike', start: assignment.start, end: assignment.end, by: '' }, url: undefined })
    expect(bare.text).not.toContain('Meeting point')
    expect(bare.text).not.toContain('Place')
    expect(bare.text).toContain('You have been assigned as a guide of this date:')
    expect(bare.html).not.toContain('href=')
  })

  it('never renders a link that is not http(s)', () => {
    expect(() => mail('en', { url: 'javascript:alert(1)' })).toThrow()
  })

  it('is a mail to the staff, and the outbox builds its link from the shop’s configured origin', () => {
    expect(isStaffRecipientKind('staff.assigned')).toBe(true)
    expect(isStaffRecipientKind('staff.unassigned')).toBe(true)
    const payload = { to: 'lea@alpin.example', locale: 'fr', name: 'Lea', path: '/fr/admin/sales/sessions/sess-0000000000000001/manifest', assignment }
    const message = composeMessage({ kind: 'staff.assigned', payload }, shopFixture({ origin: 'https://www.alpin-abenteuer.ch' }), 'shop@example.ch', new Date())
    expect(message.to).toBe('lea@alpin.example')
    expect(message.text).toContain('https://www.alpin-abenteuer.ch/fr/admin/sales/sessions/sess-0000000000000001/manifest')
    expect(message.subject).toContain('Aventures alpines')
    // Without a configured origin: no link at all (never one from a request).
    expect(composeMessage({ kind: 'staff.assigned', payload }, shopFixture(), 'shop@example.ch', new Date()).text).not.toContain('http')
    // A payload whose path is not a path of this host is refused for good.
    expect(() => composeMessage({ kind: 'staff.assigned', payload: { ...payload, path: '//evil.example/x' } }, shopFixture(), 'shop@example.ch', new Date())).toThrow(/invalid outbox payload/)
  })
})
