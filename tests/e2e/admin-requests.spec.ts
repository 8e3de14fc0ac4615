import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { cartFor, fillContact, fillParticipants, T, type Lang } from './checkout-helpers'
import { credentials, E2E_DATA } from './staff-helpers'

/**
 * Sales → Requests, in de and fr: a visitor sends a request (an offer "upon request" of the demo
 * shop) with a message; the manager's inbox shows it unseen ("New", the sidebar's count); opening
 * it marks it seen (the count goes down); the manager accepts it with a reply; the visitor's
 * e-mail (an .eml in the mail folder, in the visitor's language) carries the payment link; the
 * visitor pays through it with the sandbox; the request page shows it accepted and paid. axe on
 * the inbox and the request page.
 */

const L = {
  de: {
    nav: /^Anfragen, \d+ neue$/,
    newMark: 'Neu',
    reply: 'Antwort an die Person (freiwillig)',
    accept: 'Annehmen',
    accepted: 'Angenommen',
    paid: 'Angenommen und bezahlt',
    answered: /Beantwortet am/,
    unread: 'Als ungelesen markieren',
    mailSubject: 'Anfrage bestätigt',
    text: 'Gern! Treffpunkt ist 15 Minuten vor dem Start beim Bahnhof Interlaken Ost.',
    message: 'Können wir auch mit einem Hund kommen?',
  },
  fr: {
    nav: /^Demandes, \d+ nouvelles?$/,
    newMark: 'Nouvelle',
    reply: 'Réponse à la personne (facultatif)',
    accept: 'Accepter',
    accepted: 'Acceptée',
    paid: 'Acceptée et payée',
    answered: /Répondu le/,
    unread: 'Marquer comme non lue',
    mailSubject: 'Demande confirmée',
    text: 'Avec plaisir ! Rendez-vous 15 minutes avant le départ à la gare d’Interlaken Ost.',
    message: 'Pouvons-nous venir avec un chien ?',
  },
} as const

const SANDBOX = /\/api\/sandbox-pay\/v1\/sessions\/sbx_[A-Za-z0-9_-]{22}$/

/** A visitor's request in `lang` under a surname of their own, with a message: its code. */
async function sendRequest(page: Page, lang: keyof typeof L & Lang, surname: string, skip: number): Promise<string> {
  await cartFor(page, lang, 'UPON_REQUEST', skip)
  await fillParticipants(page, lang)
  await page.getByRole('button', { name: T[lang].cont }).click()
  await fillContact(page, lang)
  await page.locator('#surname').fill(surname)
  await page.getByRole('button', { name: T[lang].cont }).click()
  if (await page.locator('#message').count()) await page.locator('#message').fill(L[lang].message)
  await page.getByRole('checkbox', { name: T[lang].terms }).check()
  await page.getByRole('button', { name: T[lang].request }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].sent)
  return (await page.getByTestId('booking-code').textContent())!.trim()
}

/** The text of the .eml files in the mail folder (quoted-printable undone), newest last. */
function mails(): string[] {
  const dir = join(E2E_DATA, 'mail')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .sort()
    .map((file) => {
      const latin1 = readFileSync(join(dir, file), 'latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      return Buffer.from(latin1, 'latin1').toString('utf8')
    })
}

/** The sidebar's unseen count (0 without a badge). */
async function badge(page: Page): Promise<number> {
  const shown = page.getByTestId('requests-unseen-badge')
  if (!(await shown.count())) return 0
  const text = (await shown.textContent()) ?? '0'
  return Number(text.replace(/\D/g, ''))
}

async function signInTo(page: Page, path: string) {
  const who = credentials('alpin', 'manager')
  await gotoHydrated(page, at('localhost', path))
  await expect(page).toHaveURL(/\/admin\/sign-in\?redirect=/)
  await page.getByLabel('E-mail address').fill(who.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(at('localhost', path), { timeout: 20_000 })
}

test.describe('staff app: the requests inbox', () => {
  test('a visitor’s request is unseen in the inbox, opened (seen), accepted with a reply; the e-mailed link pays it, in de and fr', async ({ page, browser }) => {
    test.slow() // two requests, the staff's answer, e-mails and two payments, with axe
    const run = Date.now().toString(36)
    let signedIn = false
    for (const [index, lang] of (['de', 'fr'] as const).entries()) {
      const t = L[lang]
      const surname = `Anfrage${lang}${run}`
      const visitor = await browser.newPage()
      const code = await sendRequest(visitor, lang, surname, 8 + index)

      // The inbox, searched by the visitor's surname: the request is new, and the sidebar counts it.
      const inbox = `/${lang}/admin/sales/requests?q=${surname}`
      if (!signedIn) {
        await signInTo(page, `/en/admin/sales/requests`)
        signedIn = true
      }
      await gotoHydrated(page, at('localhost', inbox))
      const row = page.getByTestId('request-row').filter({ hasText: code })
      await expect(row).toHaveCount(1)
      await expect(row).toHaveAttribute('data-seen', 'false')
      await expect(row.getByTestId('request-new')).toHaveText(t.newMark)
      const nav = page.getByTestId('nav-requests')
      await expect(nav).toHaveAccessibleName(t.nav)
      await expect.poll(() => badge(page)).toBeGreaterThan(0)
      const before = await badge(page)
      await expectNoAxeViolations(page)

      // Opening it marks it seen (an explicit call from the page): the count goes down.
      await row.getByRole('link', { name: new RegExp(surname) }).click()
      await expect(page).toHaveURL(at('localhost', `/${lang}/admin/sales/requests/${code}`))
      await expect(page.getByTestId('request-message')).toHaveText(t.message)
      await expect(page.getByRole('button', { name: t.unread })).toBeVisible({ timeout: 15_000 })
      await expect(page.getByTestId('request-new')).toHaveCount(0)
      await expect.poll(() => badge(page), { timeout: 15_000 }).toBeLessThan(before)
      await expectNoAxeViolations(page)

      // Accept with a reply.
      await page.getByLabel(t.reply).fill(t.text)
      await page.getByTestId('request-accept').click()
      await expect(page.getByTestId('request-status')).toHaveText(t.accepted, { timeout: 15_000 })
      await expect(page.getByTestId('request-answered')).toContainText(t.answered)
      await expect(page.getByTestId('request-reply-sent')).toHaveText(t.text)
      await expectNoAxeViolations(page)

      // The visitor's e-mail, in their language, with the reply and the payment link.
      let url: string | undefined
      await expect
        .poll(
          () => {
            for (const text of mails()) {
              if (!text.includes(code) || !text.includes(t.mailSubject)) continue
              const found = new RegExp(`https?://[^\\s"<>]+/${lang}/aftersales/payment/[A-Za-z0-9_-]{43}`).exec(text)
              if (found && text.includes(t.text.slice(0, 20))) url = found[0]
            }
            return url
          },
          { timeout: 20_000 },
        )
        .toBeTruthy()

      // The visitor pays through the link with the sandbox.
      await visitor.goto(url!)
      await expect(visitor.getByTestId('payment-code')).toHaveText(code)
      await visitor.getByTestId('pay-button').click()
      await expect(visitor).toHaveURL(SANDBOX)
      await visitor.locator('button[value="pay"]').click()
      await expect(visitor.getByTestId('payment-success')).toBeVisible({ timeout: 20_000 })
      await visitor.close()

      // The request page shows it paid (the webhook may take a moment).
      await expect(async () => {
        await page.reload()
        await expect(page.getByTestId('request-status')).toHaveText(t.paid, { timeout: 3_000 })
      }).toPass({ timeout: 30_000 })
      const answer = await page.request.get(at('localhost', `/api/admin/v1/requests/${code}`), { headers: { 'x-flowin-locale': lang } })
      expect(answer.status()).toBe(200)
      expect((await answer.json()).data).toMatchObject({ code, status: 'PAID', seen: true, reply: t.text, locale: lang, openAmount: { amount: 0 } })
      await expectNoAxeViolations(page)
    }
  })
})
