import { describe, expect, it } from 'vitest'
import { renderContactCodeSms, renderStaffMail } from './staff-templates'

const shop = { title: 'Alpin <Abenteuer>', colorPalette: {}, timeZone: 'Europe/Zurich' }
const url = 'https://alpin.example/de/admin/password/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'
const link = { kind: 'staff_invitation' as const, name: 'Lea <b>', url, expiresAt: '2026-11-30T08:00:00.000Z' }

describe('staff mails', () => {
  it('invitation in de-CH, en and fr-CH with the link, its end in the shop time zone, and escaped values', () => {
    const de = renderStaffMail(link, shop, 'de')
    expect(de.subject).toBe('Ihr Zugang zur Mitarbeiter-App von Alpin <Abenteuer>')
    expect(de.text).toContain('Guten Tag Lea <b>')
    expect(de.text).toContain(url)
    expect(de.text).toContain('bis 30. November 2026 um 09:00')
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
