/**
 * Planning (issue 18), in de and fr, each on its own demo shop: a guide marks next Saturday's
 * morning UNAVAILABLE in the date-selection availability dialog with the keyboard only; the
 * manager's board shows it, refuses assigning that guide without a reason, accepts another
 * member (the manager); the manager's calendar feed then contains the date, and after removing
 * them again it does not; meanwhile the manager's working-time sheet counts the date's hours and
 * an entry added in its dialog. axe on every page and dialog.
 */
import type { Browser, Page } from '@playwright/test'
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { credentials, signInOnTheWay } from './staff-helpers'

const SLOW = { timeout: 20_000 }

const L = {
  de: {
    host: 'localhost',
    shop: 'alpin',
    guide: 'Lea Brunner',
    manager: 'Marco Rossi',
    setButton: 'Verfügbarkeit festlegen…',
    dialog: 'Verfügbarkeit festlegen',
    unavailable: 'nicht verfügbar',
    morning: 'Vormittag',
    save: 'Verfügbarkeit speichern',
    assign: /^Guide einteilen…/,
    assignDialog: 'Guide einteilen',
    reason: 'Begründung der Ausnahme',
    anyway: 'Trotzdem einteilen',
    remove: (name: string) => new RegExp(`^${name} von `),
    createFeed: 'Kalenderadresse erstellen',
    feedField: 'Ihre Kalenderadresse',
    lines: 'Arbeitszeit nach Tagen',
    guided: 'Geführter Termin',
    addWork: 'Arbeitszeit erfassen …',
    workDialog: 'Arbeitszeit erfassen',
    from: 'Von',
    to: 'Bis',
    note: 'Notiz',
    addEntry: 'Eintrag hinzufügen',
    removeEntry: /^Eintrag vom .* entfernen$/,
    removeDialog: 'Diesen Eintrag entfernen?',
    remove2: 'Entfernen',
  },
  fr: {
    host: 'atelier.localhost',
    shop: 'atelier',
    guide: 'Nina Roulin',
    manager: 'Luc Favre',
    setButton: 'Définir la disponibilité…',
    dialog: 'Définir la disponibilité',
    unavailable: 'indisponible',
    morning: 'Matin',
    save: 'Enregistrer la disponibilité',
    assign: /^Affecter un guide…/,
    assignDialog: 'Affecter un guide',
    reason: 'Justification de l’exception',
    anyway: 'Affecter quand même',
    remove: (name: string) => new RegExp(`^Retirer ${name} de `),
    createFeed: 'Créer l’adresse du calendrier',
    feedField: 'Adresse de votre calendrier',
    lines: 'Temps de travail par jour',
    guided: 'Date guidée',
    addWork: 'Saisir du temps de travail…',
    workDialog: 'Saisir du temps de travail',
    from: 'De',
    to: 'À',
    note: 'Remarque',
    addEntry: 'Ajouter la saisie',
    removeEntry: /^Supprimer la saisie du .*$/,
    removeDialog: 'Supprimer cette saisie ?',
    remove2: 'Supprimer',
  },
} as const

/** `YYYY-MM-DD` of a day in Zurich (the demo shops' time zone). */
const zurichDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(date)

/** The next Saturday after today, in Zurich. */
function nextSaturday(): string {
  const today = new Date(`${zurichDay(new Date())}T12:00:00Z`)
  const ahead = (6 - today.getUTCDay() + 7) % 7 || 7
  return zurichDay(new Date(today.getTime() + ahead * 86_400_000))
}

/** Minutes from `HH:mm` to `HH:mm` of one day. */
const minutesBetween = (from: string, to: string) => {
  const m = (x: string) => Number(x.slice(0, 2)) * 60 + Number(x.slice(3, 5))
  return m(to) - m(from)
}
/** Minutes of a duration as the sheet writes it (`–`: none). */
const minutesOf = (text: string) => {
  const m = /^(?:(\d+) h)?\s*(?:(\d+) min)?$/.exec(text.trim())
  return m ? Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) : 0
}
/** As the sheet writes a duration: `3 h`, `2 h 30 min`, `45 min`. */
const durationText = (minutes: number) => (minutes < 60 ? `${minutes} min` : minutes % 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes / 60} h`)

/**
 * The member's working-time sheet of the date's month counts the assigned date (its length plus
 * the offer's preparation time), and an entry added in the dialog (with a break) counts
 * in the total until it is removed again. axe on the page and on both dialogs.
 */
async function workingTimeShows(page: Page, t: (typeof L)['de' | 'fr'], lang: string, day: string, sessionId: string) {
  await gotoHydrated(page, at(t.host, `/${lang}/admin/working-time?month=${day.slice(0, 7)}`))
  const table = page.getByRole('table', { name: t.lines })
  const row = table.locator('tr', { has: page.locator(`a[href$="/sessions/${sessionId}/manifest"]`) })
  await expect(row).toContainText(t.guided, SLOW)
  const cells = row.locator('td')
  const [from, to] = ((await cells.nth(2).textContent()) ?? '').split('–') as [string, string]
  const preparation = minutesOf((await cells.nth(4).textContent()) ?? '')
  await expect(cells.nth(5)).toHaveText(durationText(minutesBetween(from, to) + preparation))
  await expectNoAxeViolations(page)
  const total = page.getByTestId('work-total')
  const before = (await total.textContent()) ?? ''

  await page.getByRole('button', { name: t.addWork }).click()
  const dialog = page.getByRole('dialog', { name: t.workDialog })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel(new RegExp(`^${t.from}( \\*)?$`)).fill('06:00')
  await dialog.getByLabel(new RegExp(`^${t.to}( \\*)?$`)).fill('07:45')
  await dialog.getByRole('textbox', { name: new RegExp(`^${t.note}`) }).fill('E2E equipment check')
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: t.addEntry }).click()
  await expect(dialog).toBeHidden(SLOW)
  const entry = table.locator('tr', { hasText: 'E2E equipment check' })
  await expect(entry.locator('td').nth(5)).toHaveText('1 h 45 min')
  await expect(total).not.toHaveText(before)
  await entry.getByRole('button', { name: t.removeEntry }).click()
  const confirm = page.getByRole('dialog', { name: t.removeDialog })
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: t.remove2, exact: true }).click()
  await expect(entry).toHaveCount(0, SLOW)
  await expect(total).toHaveText(before)
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000)

async function signedIn(browser: Browser, host: string, shop: string, role: 'guide' | 'manager', path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signInOnTheWay(page, host, path, credentials(shop, role))
  return page
}

/** The calendar feed of the signed-in member (created on the profile page when there is none yet). */
async function feedAddress(page: Page, t: (typeof L)['de' | 'fr'], lang: string): Promise<string> {
  await gotoHydrated(page, at(t.host, `/${lang}/admin/profile`))
  const field = page.getByRole('textbox', { name: t.feedField })
  if (!(await field.isVisible())) {
    await page.getByRole('button', { name: t.createFeed }).click()
    await expect(field).toBeVisible(SLOW)
  }
  await expectNoAxeViolations(page)
  return field.inputValue()
}

/** The feed as a calendar app reads it: without the staff session (the page's host resolves in the browser only). */
const fetchFeed = (page: Page, url: string) =>
  page.evaluate(async (address) => {
    const answer = await fetch(address, { credentials: 'omit', cache: 'no-store' })
    return { status: answer.status, type: answer.headers.get('content-type') ?? '', text: await answer.text() }
  }, url)

for (const lang of ['de', 'fr'] as const) {
  const t = L[lang]
  test(`a guide is unavailable on Saturday morning; the board refuses them and takes another member, whose calendar follows (${lang})`, async ({ browser }) => {
    test.setTimeout(240_000)
    const saturday = nextSaturday()

    // The guide, keyboard only, in the date-selection availability dialog.
    const guide = await signedIn(browser, t.host, t.shop, 'guide', `/${lang}/admin/planning/availability`)
    await expectNoAxeViolations(guide)
    const open = guide.getByRole('button', { name: t.setButton })
    await open.focus()
    await guide.keyboard.press('Enter')
    const dialog = guide.getByRole('dialog', { name: t.dialog })
    await expect(dialog).toBeVisible()
    const start = dialog.locator('[role="gridcell"][tabindex="0"]')
    const startDay = (await start.getAttribute('data-date'))!
    await start.focus()
    for (let i = 0; i < daysBetween(startDay, saturday); i++) await guide.keyboard.press('ArrowRight')
    await guide.keyboard.press('Space')
    await expect(dialog.locator('[role="gridcell"][aria-selected="true"]')).toHaveCount(1)
    await expect(dialog.locator(`[data-date="${saturday}"]`)).toHaveAttribute('aria-selected', 'true')
    await dialog.getByRole('radio', { name: t.unavailable, exact: true }).focus()
    await guide.keyboard.press('Space')
    await dialog.getByRole('radio', { name: new RegExp(`^${t.morning} `) }).focus()
    await guide.keyboard.press('Space')
    await expect(dialog.getByRole('radio', { name: t.unavailable, exact: true })).toBeChecked()
    await expect(dialog.getByRole('radio', { name: new RegExp(`^${t.morning} `) })).toBeChecked()
    await expectNoAxeViolations(guide)
    await dialog.getByRole('button', { name: t.save }).focus()
    await guide.keyboard.press('Enter')
    await expect(dialog).toBeHidden(SLOW)
    await expect(guide.locator('p[role="status"]').first()).not.toBeEmpty()

    // The manager's board, day view of that Saturday.
    const manager = await signedIn(browser, t.host, t.shop, 'manager', `/${lang}/admin/planning/board?view=day&day=${saturday}`)
    const guideCard = manager.locator('[data-testid="planning-member"]').filter({ hasText: t.guide })
    await expect(guideCard.getByRole('row', { name: new RegExp(t.morning) })).toContainText(t.unavailable, SLOW)
    await expectNoAxeViolations(manager)
    const session = manager.locator('[data-testid="planning-day"] [data-testid="planning-session"]').first()
    const sessionId = (await session.getAttribute('data-session'))!
    await session.getByRole('button', { name: t.assign }).click()
    const assign = manager.getByRole('dialog', { name: t.assignDialog })
    await expect(assign).toBeVisible()
    await expect(assign.locator('li').filter({ hasText: t.guide })).toContainText(t.unavailable)
    await expectNoAxeViolations(manager)
    // Chosen without a reason: refused, nothing assigned.
    await assign.locator('li').filter({ hasText: t.guide }).getByRole('button').click()
    await assign.getByRole('button', { name: t.anyway }).click()
    await expect(assign.getByRole('textbox', { name: t.reason })).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(manager)
    await assign.getByRole('button', { name: lang === 'de' ? 'Zurück zur Liste' : 'Retour à la liste' }).click()
    // Another member (the manager) is accepted.
    await assign.locator('li').filter({ hasText: t.manager }).getByRole('button').click()
    await expect(assign.locator('[data-testid="assign-status"]')).not.toBeEmpty(SLOW)
    await manager.keyboard.press('Escape')
    await expect(assign).toBeHidden()
    const chips = manager.locator(`[data-session="${sessionId}"]`)
    await expect(chips.getByRole('button', { name: t.remove(t.manager) })).toBeVisible(SLOW)
    await expect(chips.getByRole('button', { name: t.remove(t.guide) })).toHaveCount(0)

    // The manager's calendar feed has the date; after removing them it has not.
    const feed = await feedAddress(manager, t, lang)
    expect(feed).toMatch(new RegExp(`^http://${t.host.replace('.', '\\.')}:\\d+/api/admin/v1/calendar/`))
    const withDate = await fetchFeed(manager, feed)
    expect(withDate.status).toBe(200)
    expect(withDate.type).toContain('text/calendar')
    expect(withDate.text).toContain(`UID:session-${sessionId}@${t.shop}`)

    await workingTimeShows(manager, t, lang, saturday, sessionId)

    await gotoHydrated(manager, at(t.host, `/${lang}/admin/planning/board?view=day&day=${saturday}`))
    await manager.locator(`[data-session="${sessionId}"]`).getByRole('button', { name: t.remove(t.manager) }).click()
    await expect(manager.locator(`[data-session="${sessionId}"]`).getByRole('button', { name: t.remove(t.manager) })).toHaveCount(0, SLOW)
    const without = await fetchFeed(manager, feed)
    expect(without.status).toBe(200)
    expect(without.text).toContain('BEGIN:VCALENDAR')
    expect(without.text).not.toContain(`UID:session-${sessionId}@`)

    await guide.context().close()
    await manager.context().close()
  })
}
