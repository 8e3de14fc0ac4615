/**
 * The dashboard (the staff app's start page), in de and fr: a visitor sends a request; the
 * manager adds a date for later today; the start page shows that session under today with its
 * places, and the unseen requests with the visitor's name; the session links to its participant
 * list, the request to its page. A guide sees their (empty) sessions and no money. axe on the
 * page, on a phone's width too.
 */
import type { Page } from '@playwright/test'
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { cartFor, fillContact, fillParticipants, T } from './checkout-helpers'
import { credentials, type StaffRole } from './staff-helpers'

const L = {
  de: {
    welcome: /^Willkommen, /,
    days: 'Heute und die nächsten 6 Tage',
    today: /^Heute, /,
    unseen: 'Ungesehene Anfragen',
    unseenCount: /\d+ ungesehene Anfragen?/,
    mySessions: 'Meine nächsten Termine',
    assigned: /sobald sie Ihnen zugeteilt sind/,
    latest: 'Neueste Buchungen',
    signIn: { email: 'E-Mail-Adresse', password: 'Passwort', button: 'Anmelden' },
  },
  fr: {
    welcome: /^Bienvenue, /,
    days: 'Aujourd’hui et les 6 prochains jours',
    today: /^Aujourd’hui, /,
    unseen: 'Demandes non vues',
    unseenCount: /\d+ demandes? non vues?/,
    mySessions: 'Mes prochaines sessions',
    assigned: /dès qu’elles vous sont attribuées/,
    latest: 'Dernières réservations',
    signIn: { email: 'Adresse e-mail', password: 'Mot de passe', button: 'Se connecter' },
  },
} as const
type Lang = keyof typeof L

const SLOW = { timeout: 20_000 }
const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')

/** A visitor sends a request (an offer upon request) as `surname`; answers nothing (the page says "sent"). */
async function sendRequest(page: Page, surname: string) {
  await cartFor(page, 'en', 'UPON_REQUEST')
  await fillParticipants(page, 'en')
  await page.getByRole('button', { name: T.en.cont }).click()
  await fillContact(page, 'en')
  await page.locator('#surname').fill(surname)
  await page.getByRole('button', { name: T.en.cont }).click()
  await page.getByRole('checkbox', { name: T.en.terms }).check()
  await page.getByRole('button', { name: T.en.request }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.en.sent, SLOW)
}

async function signIn(page: Page, lang: Lang, role: StaffRole) {
  const who = credentials('alpin', role)
  await gotoHydrated(page, at('localhost', `/${lang}/admin`))
  await expect(page).toHaveURL(/\/admin\/sign-in\?redirect=/, SLOW)
  await page.getByLabel(L[lang].signIn.email).fill(who.email)
  await page.getByRole('textbox', { name: L[lang].signIn.password, exact: true }).fill(who.password)
  await page.getByRole('button', { name: L[lang].signIn.button }).click()
  await expect(page).toHaveURL(at('localhost', `/${lang}/admin`), SLOW)
}

/** Today's date and a time still to come today (at least a minute away), in the shop's time zone. */
function laterToday(): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(Date.now() + 2 * 60_000))
    .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {})
  const minutes = Math.min(23 * 60 + 59, Number(parts.hour) * 60 + Number(parts.minute) + 30)
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time }
}

/** The manager adds a date later today to the shop's first published group activity (staff API): its offer's title. */
async function sessionLaterToday(page: Page): Promise<{ sessionId: string }> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? ''
  const headers = { 'x-xsrf-token': decodeURIComponent(xsrf), 'content-type': 'application/json' }
  const offers = (await (await page.request.get(at('localhost', '/api/admin/v1/offers'))).json()) as { data: { id: string; kind?: string; status?: string }[] }
  const { date, time } = laterToday()
  for (const offer of offers.data.filter((o) => o.status !== 'archived')) {
    const answer = await page.request.post(at('localhost', `/api/admin/v1/offers/${offer.id}/sessions`), {
      headers: { ...headers, 'idempotency-key': `e2e-dashboard-${offer.id}-${letters()}` },
      data: { capacity: 12, durationMinutes: 60, single: { date, time } },
    })
    if (answer.status() !== 201 && answer.status() !== 200) continue // a private service: no dates
    const created = ((await answer.json()) as { data: { created: { id: string }[] } }).data.created
    if (created.length) return { sessionId: created[0]!.id }
  }
  throw new Error('no group activity took a date today')
}

test.describe('staff app: dashboard', () => {
  for (const lang of ['de', 'fr'] as const) {
    test(`a manager sees today's sessions and the unseen requests, and their links work (${lang})`, async ({ page, browser }) => {
      test.slow() // a visitor's request, then the staff app with axe
      const t = L[lang]
      const surname = `Dashboard${letters()}`
      const visitor = await browser.newPage()
      await sendRequest(visitor, surname)
      await visitor.close()

      await signIn(page, lang, 'manager')
      const { sessionId } = await sessionLaterToday(page)
      await page.reload()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.welcome)
      await expect(page.getByTestId('admin-groups')).toBeVisible()

      // Today's block lists the new session, its places and a link to its participant list.
      const days = page.getByRole('region', { name: t.days })
      await expect(days).toBeVisible(SLOW)
      const today = page.getByTestId('dashboard-day').first()
      await expect(today.getByRole('heading', { level: 3 })).toHaveText(t.today)
      const row = today.locator(`[data-testid="dashboard-session"][data-session-id="${sessionId}"]`)
      await expect(row).toBeVisible()
      await expect(row).toContainText(/0 (von|sur) 12/)

      // The unseen requests: the count in words and the visitor's request among the newest.
      const requests = page.getByRole('region', { name: t.unseen })
      await expect(requests.getByTestId('dashboard-unseen-count')).toHaveText(t.unseenCount)
      const request = requests.getByRole('link', { name: new RegExp(surname) })
      await expect(request).toBeVisible()
      await expect(page.getByTestId('dashboard-latest').getByRole('heading', { name: t.latest })).toBeVisible()
      await expectNoAxeViolations(page)

      // On a phone's width the tables scroll inside their region; still clean.
      await page.setViewportSize({ width: 375, height: 800 })
      await expectNoAxeViolations(page)
      await page.setViewportSize({ width: 1280, height: 900 })

      // The links lead to the request's page and to the session's participant list.
      await request.click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/admin/sales/requests/[A-Z0-9-]+$`), SLOW)
      await page.goBack()
      await expect(row).toBeVisible(SLOW)
      await row.getByRole('link').click()
      await expect(page).toHaveURL(at('localhost', `/${lang}/admin/sales/sessions/${sessionId}/manifest`), SLOW)
    })
  }

  test('a guide sees their sessions (none assigned yet) and no money figure', async ({ page }) => {
    await signIn(page, 'de', 'guide')
    const mine = page.getByRole('region', { name: L.de.mySessions })
    await expect(mine).toContainText(L.de.assigned, SLOW)
    await expect(page.getByTestId('dashboard-open')).toHaveCount(0)
    await expect(page.getByTestId('dashboard-latest')).toHaveCount(0)
    await expect(page.getByTestId('dashboard')).not.toContainText('CHF')
    await expect(page.getByTestId('admin-groups')).toBeVisible()
    await expectNoAxeViolations(page)
  })
})
