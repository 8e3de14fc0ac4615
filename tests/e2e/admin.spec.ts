/**
 * The staff app end to end, in de, en and fr: signing in (and back to the page asked for), an
 * invitation followed from its e-mail, what a guide may see, the spec's messages for a used or
 * invalid link and a wrong code, the 401 page, signing out, another shop's staff refused, the
 * phone menu; axe on every page and open dialog.
 */
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { newestMailTo } from '../support/mail'
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { credentials, E2E_DATA } from './staff-helpers'

type Lang = 'de' | 'en' | 'fr'
const LANGS: Lang[] = ['de', 'en', 'fr']

const T = {
  de: { signIn: 'Anmelden', email: 'E-Mail-Adresse', password: 'Passwort', staff: 'Mitarbeitende', invite: 'Mitarbeitende Person einladen', name: 'Name', role: 'Rolle', send: 'Einladung senden', newPw: 'Neues Passwort', repeat: 'Neues Passwort wiederholen', save: 'Passwort speichern und anmelden', mismatch: 'Die Passwörter stimmen nicht überein.', link: 'Der Link ist abgelaufen oder ungültig. Fordern Sie einen neuen Link an.', code: 'Der Code ist ungültig oder abgelaufen. Fordern Sie einen neuen Code an.', profile: 'Mein Profil', logOut: 'Abmelden', invalid: 'Die E-Mail-Adresse oder das Passwort ist nicht korrekt.', newEmail: 'Neue E-Mail-Adresse', sendCode: 'Code senden', codeLabel: 'Bestätigungscode', confirm: 'Bestätigen', menu: 'Menü', requestLink: 'Neuen Link anfordern', guide: 'Guide', invited: 'Eingeladen', active: 'Aktiv', close: 'Schliessen', forgot: 'Passwort vergessen?', sendLink: 'Link senden', changeRole: 'Rolle ändern', saveRole: 'Rolle speichern', manager: 'Manager/in', deactivate: 'Deaktivieren', deactivated: 'Deaktiviert', reactivate: 'Reaktivieren', everywhere: 'Überall abmelden' },
  en: { signIn: 'Sign in', email: 'E-mail address', password: 'Password', staff: 'Staff', invite: 'Invite a staff member', name: 'Name', role: 'Role', send: 'Send invitation', newPw: 'New password', repeat: 'Repeat the new password', save: 'Save password and sign in', mismatch: 'The passwords do not match.', link: 'The link has expired or is invalid. Request a new link.', code: 'The code is invalid or has expired. Request a new code.', profile: 'My profile', logOut: 'Log out', invalid: 'The e-mail address or the password is not correct.', newEmail: 'New e-mail address', sendCode: 'Send code', codeLabel: 'Confirmation code', confirm: 'Confirm', menu: 'Menu', requestLink: 'Request a new link', guide: 'Guide', invited: 'Invited', active: 'Active', close: 'Close', forgot: 'Forgot your password?', sendLink: 'Send link', changeRole: 'Change role', saveRole: 'Save role', manager: 'Manager', deactivate: 'Deactivate', deactivated: 'Deactivated', reactivate: 'Reactivate', everywhere: 'Sign out everywhere' },
  fr: { signIn: 'Se connecter', email: 'Adresse e-mail', password: 'Mot de passe', staff: 'Personnel', invite: 'Inviter un membre du personnel', name: 'Nom', role: 'Rôle', send: 'Envoyer l’invitation', newPw: 'Nouveau mot de passe', repeat: 'Répéter le nouveau mot de passe', save: 'Enregistrer le mot de passe et se connecter', mismatch: 'Les mots de passe ne correspondent pas.', link: 'Le lien a expiré ou n’est pas valable. Demandez un nouveau lien.', code: 'Le code n’est pas valable ou a expiré. Demandez un nouveau code.', profile: 'Mon profil', logOut: 'Se déconnecter', invalid: 'L’adresse e-mail ou le mot de passe n’est pas correct.', newEmail: 'Nouvelle adresse e-mail', sendCode: 'Envoyer le code', codeLabel: 'Code de confirmation', confirm: 'Confirmer', menu: 'Menu', requestLink: 'Demander un nouveau lien', guide: 'Guide', invited: 'Invité', active: 'Actif', close: 'Fermer', forgot: 'Mot de passe oublié ?', sendLink: 'Envoyer le lien', changeRole: 'Changer le rôle', saveRole: 'Enregistrer le rôle', manager: 'Responsable', deactivate: 'Désactiver', deactivated: 'Désactivé', reactivate: 'Réactiver', everywhere: 'Se déconnecter partout' },
}

/** The 401 page's wording ('You are not authorised to view this page'), from the shop's catalogue. */
const NOT_AUTHORISED = { de: 'Sie sind nicht berechtigt, diese Seite anzusehen.', en: 'You are not authorised to view this page', fr: 'Vous n’êtes pas autorisé·e à consulter cette page.' }

/** Answers that hash a password (scrypt at OWASP cost) take seconds on a busy 2-core machine. */
const SLOW = { timeout: 20_000 }


/** The newest e-mail to `to` in the outbox's directory, decoded (the outbox sends in the background). */
async function mailTo(to: string) {
  let found: ReturnType<typeof newestMailTo>
  await expect.poll(() => (found = newestMailTo(join(E2E_DATA, 'mail'), to)) !== undefined, { timeout: 15_000 }).toBe(true)
  return found!
}

async function signIn(page: Page, lang: Lang, who: { email: string; password: string }) {
  await page.getByLabel(T[lang].email).fill(who.email)
  await page.getByRole('textbox', { name: T[lang].password, exact: true }).fill(who.password)
  await page.getByRole('button', { name: T[lang].signIn }).click()
}

test.describe('staff app', () => {
  for (const lang of LANGS) {
    test(`an owner invites a guide who sets a password and sees only a guide's pages (${lang})`, async ({ page, browser }) => {
      test.slow()
      const owner = credentials('alpin', 'owner')
      // signed out, a staff page leads to sign-in and back to it afterwards
      await gotoHydrated(page, at('localhost', `/${lang}/admin/staff`))
      await expect(page).toHaveURL(new RegExp(`/${lang}/admin/sign-in\\?redirect=`), SLOW)
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
      await expectNoAxeViolations(page)
      await signIn(page, lang, owner)
      await expect(page).toHaveURL(at('localhost', `/${lang}/admin/staff`), SLOW)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].staff)
      await expectNoAxeViolations(page)

      // invite a guide: the dialog is labelled, checked by axe, closes with Escape and gives focus back
      const guideEmail = `guide-${lang}-${Date.now()}@example.ch`
      const opener = page.getByRole('button', { name: T[lang].invite })
      await opener.click()
      const dialog = page.getByRole('dialog', { name: T[lang].invite })
      await expect(dialog).toBeVisible()
      await expectNoAxeViolations(page)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(opener).toBeFocused()
      await opener.click()
      await dialog.getByLabel(T[lang].name).fill(`Gina ${lang}`)
      await dialog.getByLabel(T[lang].email).fill(guideEmail)
      await dialog.getByLabel(T[lang].role).selectOption('guide')
      await dialog.getByRole('button', { name: T[lang].send }).click()
      await expect(dialog).toBeHidden(SLOW)
      const row = page.locator(`[data-testid="staff-row"][data-email="${guideEmail}"]`)
      await expect(row).toContainText(T[lang].invited, SLOW)

      // the guide follows the e-mailed link in a browser of their own
      const mail = await mailTo(guideEmail)
      const path = /\/(de|en|fr)\/admin\/password\/[A-Za-z0-9_-]{22,64}/.exec(mail.text)?.[0]
      expect(path, 'invitation link in the e-mail').toBeTruthy()
      const context = await browser.newContext()
      const guide = await context.newPage()
      await gotoHydrated(guide, at('localhost', path!))
      await expectNoAxeViolations(guide)
      await guide.getByRole('textbox', { name: T[lang].newPw, exact: true }).fill('Mountain-trail7')
      await guide.getByLabel(T[lang].repeat).fill('Mountain-trail8')
      await guide.getByRole('button', { name: T[lang].save }).click()
      await expect(guide.getByText(T[lang].mismatch)).toBeVisible(SLOW)
      await expect(guide.getByRole('textbox', { name: T[lang].newPw, exact: true })).toHaveValue('Mountain-trail7') // what was typed stays
      await guide.getByLabel(T[lang].repeat).fill('Mountain-trail7')
      await guide.getByRole('button', { name: T[lang].save }).click()
      await expect(guide).toHaveURL(at('localhost', `/${lang}/admin`), SLOW)

      // a guide sees no Staff group, and the Staff page is the 401 page
      const sidebar = guide.getByTestId('admin-sidebar')
      await expect(sidebar.getByRole('link', { name: T[lang].profile })).toBeVisible()
      await expect(sidebar.getByRole('link', { name: T[lang].staff })).toHaveCount(0)
      await expectNoAxeViolations(guide)
      const refused = await guide.goto(at('localhost', `/${lang}/admin/staff`))
      expect(refused?.status()).toBe(401)
      await expect(guide.getByRole('heading', { level: 1 })).toContainText(NOT_AUTHORISED[lang])

      // the used link is invalid now
      await gotoHydrated(guide, at('localhost', path!))
      await expect(guide.getByText(T[lang].link)).toBeVisible()
      await expect(guide.getByRole('link', { name: T[lang].requestLink })).toHaveAttribute('href', `/${lang}/admin/forgot-password`)

      // a wrong confirmation code for a new e-mail address
      await gotoHydrated(guide, at('localhost', `/${lang}/admin/profile`))
      await expectNoAxeViolations(guide)
      const contact = guide.getByTestId('contact-email')
      await contact.getByLabel(T[lang].newEmail).fill(`new-${guideEmail}`)
      await contact.getByRole('button', { name: T[lang].sendCode }).click()
      await contact.getByLabel(T[lang].codeLabel).fill('000000')
      await contact.getByRole('button', { name: T[lang].confirm }).click()
      await expect(contact.getByText(T[lang].code)).toBeVisible(SLOW)
      await expectNoAxeViolations(guide)

      // signing out ends the session: staff pages lead to sign-in again
      await guide.getByTestId('admin-sidebar').getByRole('button', { name: T[lang].logOut }).click()
      await expect(guide).toHaveURL(at('localhost', `/${lang}/admin/sign-in`), SLOW)
      await guide.goto(at('localhost', `/${lang}/admin/profile`))
      await expect(guide).toHaveURL(new RegExp(`/${lang}/admin/sign-in\\?redirect=`), SLOW)

      // "sign out everywhere" ends the sessions of other browsers too
      const guideAccount = { email: guideEmail, password: 'Mountain-trail7' }
      await signIn(guide, lang, guideAccount)
      await expect(guide).toHaveURL(at('localhost', `/${lang}/admin/profile`), SLOW)
      const other = await browser.newContext()
      const elsewhere = await other.newPage()
      await gotoHydrated(elsewhere, at('localhost', `/${lang}/admin/sign-in`))
      await signIn(elsewhere, lang, guideAccount)
      await expect(elsewhere).toHaveURL(at('localhost', `/${lang}/admin`), SLOW)
      await guide.reload()
      await expect(guide.getByTestId('sessions').getByRole('listitem')).toHaveCount(2, SLOW)
      await guide.getByRole('button', { name: T[lang].everywhere }).click()
      await expect(guide).toHaveURL(at('localhost', `/${lang}/admin/sign-in`), SLOW)
      await elsewhere.goto(at('localhost', `/${lang}/admin/profile`))
      await expect(elsewhere).toHaveURL(new RegExp(`/${lang}/admin/sign-in\\?redirect=`), SLOW)
      await other.close()
      await context.close()

      // the owner sees the guide active now, changes the role, deactivates (confirmed in a dialog) and reactivates
      await page.reload()
      await expect(row).toContainText(T[lang].active)
      await row.getByRole('button', { name: T[lang].changeRole }).click()
      const member = page.getByTestId('member-dialog')
      await member.getByLabel(T[lang].role).selectOption('manager')
      await member.getByRole('button', { name: T[lang].saveRole }).click()
      await expect(row).toContainText(T[lang].manager, SLOW)
      await row.getByRole('button', { name: T[lang].deactivate }).click()
      await expect(member).toBeVisible()
      await expectNoAxeViolations(page)
      await member.getByRole('button', { name: T[lang].deactivate, exact: true }).click()
      await expect(row).toContainText(T[lang].deactivated, SLOW)
      await row.getByRole('button', { name: T[lang].reactivate }).click()
      await member.getByRole('button', { name: T[lang].reactivate, exact: true }).click()
      await expect(row).toContainText(T[lang].active, SLOW)
    })
  }

  test('a manager gets the 401 page on the Staff page', async ({ page }) => {
    const manager = credentials('alpin', 'manager')
    await gotoHydrated(page, at('localhost', '/en/admin/sign-in'))
    await signIn(page, 'en', manager)
    await expect(page).toHaveURL(at('localhost', '/en/admin'), SLOW)
    await expect(page.getByTestId('admin-sidebar').getByRole('link', { name: 'Staff' })).toHaveCount(0)
    const response = await page.goto(at('localhost', '/en/admin/staff'))
    expect(response?.status()).toBe(401)
    await expect(page.getByTestId('not-authorised')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(NOT_AUTHORISED.en)
    await expectNoAxeViolations(page)
  })

  test("another shop's staff cannot sign in on this shop's host", async ({ page }) => {
    const atelierOwner = credentials('atelier', 'owner')
    await gotoHydrated(page, at('localhost', '/de/admin/sign-in'))
    await signIn(page, 'de', atelierOwner)
    await expect(page.getByTestId('sign-in-invalid')).toHaveText(T.de.invalid, SLOW)
    await expect(page).toHaveURL(at('localhost', '/de/admin/sign-in'), SLOW)
    // on its own host the same account signs in
    await gotoHydrated(page, at('atelier.localhost', '/de/admin/sign-in'))
    await signIn(page, 'de', atelierOwner)
    await expect(page).toHaveURL(at('atelier.localhost', '/de/admin'), SLOW)
  })

  test('the staff app has its own route tree: a staff page loads it, a visitor page never does and goes to a staff page by a page load (ADR 041)', async ({ page }) => {
    const treeScripts: string[] = []
    page.on('request', (request) => {
      if (/\/staff-route-tree-[^/]+\.js$/.test(request.url())) treeScripts.push(request.url())
    })
    await gotoHydrated(page, at('localhost', '/de/admin/forgot-password'))
    expect(treeScripts).toHaveLength(1)
    // the staff page's router knows the visitor pages: a client-side navigation, no page load
    await page.evaluate(() => document.body.setAttribute('data-same-document', 'yes'))
    await page.evaluate(() => (window as unknown as { __TSR_ROUTER__: { navigate: (o: { to: string }) => Promise<void> } }).__TSR_ROUTER__.navigate({ to: '/de/admin/sign-in' }))
    await expect(page.getByRole('button', { name: T.de.signIn })).toBeVisible()
    await expect(page.locator('body')).toHaveAttribute('data-same-document', 'yes')

    treeScripts.length = 0
    await gotoHydrated(page, at('localhost', '/de'))
    expect(treeScripts).toEqual([])
    // a visitor page's router does not know the staff pages: a navigation there loads the page
    await page.evaluate(() => document.body.setAttribute('data-same-document', 'yes'))
    await page.evaluate(() => void (window as unknown as { __TSR_ROUTER__: { navigate: (o: { to: string }) => Promise<void> } }).__TSR_ROUTER__.navigate({ to: '/de/admin/forgot-password' }))
    await expect(page).toHaveURL(at('localhost', '/de/admin/forgot-password'))
    await expect(page.getByRole('button', { name: T.de.sendLink })).toBeVisible()
    await expect(page.locator('body')).not.toHaveAttribute('data-same-document', 'yes')
    expect(treeScripts).toHaveLength(1)
  })

  test('an invalid link and the forgot-password page', async ({ page }) => {
    test.slow() // four axe runs
    for (const lang of LANGS) {
      const response = await gotoHydrated(page, at('localhost', `/${lang}/admin/password/${'A'.repeat(43)}`))
      expect(response?.status()).toBe(404)
      await expect(page.getByText(T[lang].link)).toBeVisible()
      await expectNoAxeViolations(page)
    }
    await page.getByRole('link', { name: T.fr.requestLink }).click()
    await expect(page).toHaveURL(at('localhost', '/fr/admin/forgot-password'), SLOW)
    await page.getByLabel(T.fr.email).fill('nobody@example.ch')
    await page.getByRole('button', { name: T.fr.sendLink }).click()
    await expect(page.getByTestId('reset-sent')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('conflicts are explained: an e-mail already on the staff, a change made meanwhile in another tab (fr)', async ({ page, context }) => {
    test.slow() // an invitation, two tabs, axe on the dialogs
    const owner = credentials('alpin', 'owner')
    await gotoHydrated(page, at('localhost', '/fr/admin/sign-in?redirect=%2Ffr%2Fadmin%2Fstaff'))
    await signIn(page, 'fr', owner)
    await expect(page).toHaveURL(at('localhost', '/fr/admin/staff'), SLOW)

    // an address that is on the staff already: 409, the message in the dialog, what was typed kept
    const email = `conflict-${Date.now()}@example.ch`
    const invite = async (address: string) => {
      await page.getByRole('button', { name: T.fr.invite }).click()
      const dialog = page.getByRole('dialog', { name: T.fr.invite })
      await dialog.getByLabel(T.fr.name).fill('Chloé Conflit')
      await dialog.getByLabel(T.fr.email).fill(address)
      await dialog.getByRole('button', { name: T.fr.send }).click()
      return dialog
    }
    await expect(await invite(email)).toBeHidden(SLOW)
    const dialog = await invite(email.toUpperCase())
    await expect(dialog.getByRole('alert')).toHaveText('Un membre du personnel utilise déjà cette adresse e-mail.', SLOW)
    await expect(dialog.getByLabel(T.fr.email)).toHaveValue(email.toUpperCase())
    await expect(dialog.getByLabel(T.fr.name)).toHaveValue('Chloé Conflit')
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')

    // the member dialog opened on an old state: the other tab's change wins, the first is refused
    const row = page.locator(`[data-testid="staff-row"][data-email="${email}"]`)
    await row.getByRole('button', { name: T.fr.changeRole }).click()
    const member = page.getByTestId('member-dialog')
    await member.getByLabel(T.fr.role).selectOption('manager')

    const other = await context.newPage()
    await gotoHydrated(other, at('localhost', '/fr/admin/staff'))
    const otherRow = other.locator(`[data-testid="staff-row"][data-email="${email}"]`)
    await otherRow.getByRole('button', { name: T.fr.changeRole }).click()
    await other.getByTestId('member-dialog').getByLabel(T.fr.role).selectOption('owner')
    await other.getByTestId('member-dialog').getByRole('button', { name: T.fr.saveRole }).click()
    await expect(otherRow).toContainText('Propriétaire', SLOW)
    await other.close()

    await member.getByRole('button', { name: T.fr.saveRole }).click()
    await expect(member.getByRole('alert')).toHaveText(
      'Quelqu’un d’autre a modifié ce membre du personnel entre-temps. La liste affiche maintenant l’état actuel ; veuillez réessayer.',
      SLOW,
    )
    await expect(member.getByRole('button', { name: T.fr.saveRole })).toBeDisabled()
    await expectNoAxeViolations(page)
    // behind the dialog the list shows the current state: the other tab's role
    await page.keyboard.press('Escape')
    await expect(row).toContainText('Propriétaire', SLOW)
  })

  test('never redirects elsewhere after signing in', async ({ page }) => {
    const owner = credentials('alpin', 'owner')
    await gotoHydrated(page, at('localhost', `/en/admin/sign-in?redirect=${encodeURIComponent('//evil.example/en/admin')}`))
    await signIn(page, 'en', owner)
    await expect(page).toHaveURL(at('localhost', '/en/admin'), SLOW)
    // signed in already, the sign-in page goes on at once: to a staff path, or else to the start
    await page.goto(at('localhost', `/en/admin/sign-in?redirect=${encodeURIComponent('/en/admin/profile')}`))
    await expect(page).toHaveURL(at('localhost', '/en/admin/profile'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.en.profile)
    await page.goto(at('localhost', `/en/admin/sign-in?redirect=${encodeURIComponent('//evil.example/en/admin')}`))
    await expect(page).toHaveURL(at('localhost', '/en/admin'))
  })

  test('on a phone the sidebar hides behind a labelled menu button', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await gotoHydrated(page, at('localhost', '/de/admin/sign-in'))
    await signIn(page, 'de', credentials('alpin', 'guide'))
    await expect(page).toHaveURL(at('localhost', '/de/admin'), SLOW)
    const menu = page.getByRole('button', { name: T.de.menu })
    const sidebar = page.getByTestId('admin-sidebar')
    await expect(sidebar).toBeHidden()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expectNoAxeViolations(page)
    await menu.click()
    await expect(sidebar).toBeVisible()
    await expect(page.getByRole('button', { name: 'Menü schliessen' })).toHaveAttribute('aria-expanded', 'true')
    await expectNoAxeViolations(page)
    await sidebar.getByRole('link', { name: T.de.profile }).click()
    await expect(page).toHaveURL(at('localhost', '/de/admin/profile'), SLOW)
    await expect(sidebar).toBeHidden()
    await context.close()
  })
})
