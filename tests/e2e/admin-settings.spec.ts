/**
 * Settings → General as a new owner uses it, in de and fr: the colour picker with its contrast
 * check and preview, a saved colour that the shop's header shows on its next load, the change in
 * the history; markup in a plain-text field refused with the field's message and nothing lost; a
 * change made meanwhile in another tab explained; what managers and guides see. axe on each state.
 * Each test puts back what it changed (other specs use the same shops in parallel).
 */
import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { credentials } from './staff-helpers'

const T = {
  de: { email: 'E-Mail-Adresse', password: 'Passwort', signIn: 'Anmelden', title: 'Allgemeine Einstellungen', primary: 'Primärfarbe', background: 'Hintergrund', foreground: 'Vordergrund', save: 'Einstellungen speichern', saved: /^Gespeichert\./, lowContrast: /Achtung: zu wenig Kontrast/, preview: 'Vorschau' },
  fr: { email: 'Adresse e-mail', password: 'Mot de passe', signIn: 'Se connecter', title: 'Paramètres généraux', primary: 'Principale', background: 'Arrière-plan', foreground: 'Premier plan', save: 'Enregistrer les paramètres', saved: /^Enregistré\./, lowContrast: /Attention : contraste insuffisant/, preview: 'Aperçu' },
}
type Lang = keyof typeof T

const SLOW = { timeout: 20_000 }

// One test at a time: each saves a shop's settings, and a save in between would be a (real) conflict.
test.describe.configure({ mode: 'serial' })

async function openSettings(page: Page, host: string, lang: Lang, shop: string) {
  await gotoHydrated(page, at(host, `/${lang}/admin/settings/general`))
  await page.getByLabel(T[lang].email).fill(credentials(shop, 'owner').email)
  await page.getByRole('textbox', { name: T[lang].password, exact: true }).fill(credentials(shop, 'owner').password)
  await page.getByRole('button', { name: T[lang].signIn }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].title, SLOW)
}

/** The hex field of a palette colour's background or foreground. */
const hexField = (group: Locator, label: string) => group.getByRole('textbox', { name: label, exact: true })

async function save(page: Page, lang: Lang) {
  await page.getByRole('button', { name: T[lang].save }).click()
  await expect(page.getByRole('status').filter({ hasText: T[lang].saved })).toBeVisible(SLOW)
}

test.describe('settings → general', () => {
  for (const [lang, host, shop] of [['de', 'localhost', 'alpin'], ['fr', 'atelier.localhost', 'atelier']] as const) {
    test(`an owner picks the primary colour, sees the contrast check and the preview, and the shop's header uses it (${lang})`, async ({ page, browser }) => {
      test.slow()
      await openSettings(page, host, lang, shop)
      await expectNoAxeViolations(page)
      const primary = page.getByRole('group', { name: T[lang].primary, exact: true })
      const original = await hexField(primary, T[lang].background).inputValue()
      try {
        // The browser's picker sets the colour; the hex field follows.
        await primary.getByLabel(new RegExp(`^${T[lang].background}\\s?:`)).first().fill('#5a1e8c')
        await expect(hexField(primary, T[lang].background)).toHaveValue('#5a1e8c')
        // A foreground too close to it: the warning says so, with the ratio, not by colour alone.
        await hexField(primary, T[lang].foreground).fill('#7a4aa0')
        await expect(primary.getByText(T[lang].lowContrast)).toBeVisible()
        await hexField(primary, T[lang].foreground).fill('#ffffff')
        await expect(primary.getByText(T[lang].lowContrast)).toHaveCount(0)
        await expect(page.getByRole('figure', { name: T[lang].preview })).toBeVisible()
        await expectNoAxeViolations(page)
        await save(page, lang)

        // The shop's next page load uses the new colour in its header.
        const visitor = await browser.newPage()
        await visitor.goto(at(host, `/${lang}/`))
        await expect(visitor.locator('header').first()).toHaveCSS('background-color', 'rgb(90, 30, 140)')
        await visitor.close()

        // The change is in the history, with who made it.
        await page.reload()
        await expect(page.getByTestId('history').getByText('theme.colorPalette.primary.background').first()).toBeVisible(SLOW)
      } finally {
        // Put the shop's colour back (other specs use it).
        const group = page.getByRole('group', { name: T[lang].primary, exact: true })
        await hexField(group, T[lang].background).fill(original)
        await save(page, lang)
      }
    })
  }

  test('markup in a plain-text field is refused with its message, what was typed stays; a change made in another tab is explained (fr)', async ({ page, context }) => {
    test.slow()
    await openSettings(page, 'atelier.localhost', 'fr', 'atelier')
    const title = page.getByRole('group', { name: 'Français' }).getByLabel('Titre', { exact: true })
    const original = await title.inputValue()
    await title.fill(`${original} <b>gras</b>`)
    await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click()
    const summary = page.getByTestId('error-summary')
    await expect(summary).toContainText('Non enregistré : veuillez vérifier 1 champ.', SLOW)
    await expect(summary).toBeFocused()
    await expect(page.getByText('Texte simple uniquement : supprimez les balises (<…>) et les caractères de contrôle.').first()).toBeVisible()
    await expect(title).toHaveValue(`${original} <b>gras</b>`)
    await expect(title).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page)
    await title.fill(original)

    // Another tab saves first.
    const other = await context.newPage()
    await gotoHydrated(other, at('atelier.localhost', '/fr/admin/settings/general'))
    const hours = other.getByRole('group', { name: 'Heures d’ouverture' }).getByLabel('Français')
    const hoursBefore = await hours.inputValue()
    await hours.fill('Sur rendez-vous, du mardi au samedi')
    await save(other, 'fr')

    // This tab's save meets the newer version: explained, nothing overwritten, the current settings can be loaded.
    await page.getByRole('group', { name: 'Heures d’ouverture' }).getByLabel('Français').fill('Fermé le lundi')
    await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Quelqu’un d’autre a modifié les paramètres entre-temps.' })).toBeVisible(SLOW)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Charger les paramètres actuels' }).click()
    await expect(page.getByRole('group', { name: 'Heures d’ouverture' }).getByLabel('Français')).toHaveValue('Sur rendez-vous, du mardi au samedi', SLOW)

    // Put it back.
    await other.reload()
    await other.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await other.getByRole('group', { name: 'Heures d’ouverture' }).getByLabel('Français').fill(hoursBefore)
    await save(other, 'fr')
  })

  const OVERLAP = {
    de: { host: 'localhost', shop: 'alpin', options: 'Angebotene Zahlungsarten', add: 'Später per Link oder vor Ort bezahlen', message: '«Später per Link oder vor Ort bezahlen» umfasst bereits das spätere Bezahlen und das Bezahlen vor Ort: Bieten Sie entweder diese Option oder die beiden anderen an.' },
    fr: { host: 'atelier.localhost', shop: 'atelier', options: 'Modes de paiement proposés', add: 'Payer sur place', message: '« Payer plus tard par lien ou sur place » comprend déjà le paiement ultérieur et le paiement sur place : proposez soit cette option, soit les deux autres.' },
  } as const
  for (const lang of ['de', 'fr'] as const) {
    test(`"pay later or on site" cannot be offered next to paying later or on site: explained at the field, nothing saved (${lang}; issue 22, point 16)`, async ({ page }) => {
      const o = OVERLAP[lang]
      await openSettings(page, o.host, lang, o.shop)
      const options = page.getByRole('group', { name: o.options })
      const box = options.getByRole('checkbox', { name: o.add, exact: true })
      await expect(box).not.toBeChecked()
      await box.check()
      await page.getByRole('button', { name: T[lang].save }).click()
      await expect(page.getByTestId('error-summary')).toBeFocused(SLOW)
      await expect(options).toHaveAccessibleDescription(o.message)
      await expect(box).toBeChecked() // what was chosen stays
      await expectNoAxeViolations(page)
      // Nothing was saved.
      await page.reload()
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await expect(page.getByRole('group', { name: o.options }).getByRole('checkbox', { name: o.add, exact: true })).not.toBeChecked()
    })
  }

  test('an owner uploads a new logo (a file that is not an image is refused in the field); the shop shows it (de)', async ({ page }) => {
    test.slow()
    await openSettings(page, 'localhost', 'de', 'alpin')
    const logo = page.getByRole('group', { name: 'Logo', exact: true })
    const input = logo.getByLabel('Bild ersetzen')
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="alert(1)"></svg>') })
    await expect(logo.getByText('Bitte wählen Sie ein Bild im Format JPEG, PNG oder WebP.')).toBeVisible(SLOW)
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page)
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer()
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png })
    await expect(logo.getByText('Bild hochgeladen.')).toBeVisible(SLOW)
    const uploaded = await logo.locator('img').getAttribute('src')
    const id = /\/media\/([A-Za-z0-9_-]+)/.exec(uploaded ?? '')?.[1]
    expect(id).toBeTruthy()
    await save(page, 'de')
    const visitor = await page.context().newPage()
    await visitor.goto(at('localhost', '/de/'))
    await expect(visitor.locator('header img').first()).toHaveAttribute('src', new RegExp(`/media/${id}`))
    await visitor.close()
  })

  test('an owner adds a domain of the shop\'s own and removes it again; a malformed one is explained (de)', async ({ page }) => {
    await openSettings(page, 'localhost', 'de', 'alpin')
    const section = page.getByRole('region', { name: 'Adressen des Shops' })
    const field = section.getByLabel('Eigene Domain')
    await field.fill('https://www.example.ch/seite')
    await section.getByRole('button', { name: 'Domain hinzufügen' }).click()
    await expect(section.getByText('Das ist kein Domainname.', { exact: false })).toBeVisible(SLOW)
    await expect(field).toHaveValue('https://www.example.ch/seite')
    await field.fill('www.e2e-alpin.example')
    await section.getByRole('button', { name: 'Domain hinzufügen' }).click()
    await expect(section.getByTestId('domains').getByText('www.e2e-alpin.example', { exact: true })).toBeVisible(SLOW)
    await expectNoAxeViolations(page)
    await section.getByRole('button', { name: 'www.e2e-alpin.example entfernen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Diese Domain entfernen?' })
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Domain entfernen' }).click()
    await expect(section.getByTestId('domains').getByText('www.e2e-alpin.example', { exact: true })).toHaveCount(0, SLOW)
  })

  test('managers and guides have no settings: not in their menu, the 401 page at the address', async ({ page }) => {
    await gotoHydrated(page, at('localhost', '/en/admin/settings/general'))
    await page.getByLabel('E-mail address').fill(credentials('alpin', 'manager').email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials('alpin', 'manager').password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('You are not authorised to view this page')).toBeVisible(SLOW)
    await expect(page.getByRole('navigation').getByRole('link', { name: 'General' })).toHaveCount(0)
  })
})

const TAGS = {
  de: { host: 'localhost', shop: 'alpin', email: 'E-Mail-Adresse', password: 'Passwort', title: 'Angebote und Aktivitäten', add: 'Tag hinzufügen', name: 'Name (Deutsch)', tag: 'Schneeschuh', slug: 'schneeschuh', choose: 'Symbol wählen', dialog: 'Symbol auswählen', found: /Symbole? gefunden/, save: 'Einstellungen speichern', saved: /^Gespeichert\./, remove: 'Tag Schneeschuh entfernen' },
  fr: { host: 'atelier.localhost', shop: 'atelier', email: 'Adresse e-mail', password: 'Mot de passe', title: 'Offres et activités', add: 'Ajouter un tag', name: 'Nom (Français)', tag: 'Raquettes', slug: 'raquettes', choose: 'Choisir une icône', dialog: 'Choisir une icône', found: /icônes? trouvées?/, save: 'Enregistrer les paramètres', saved: /^Enregistré\./, remove: 'Retirer le tag Raquettes' },
}

test.describe('settings → offers and activities', () => {
  for (const lang of ['de', 'fr'] as const) {
    const l = TAGS[lang]
    test(`a manager adds a tag and picks its icon in the modal with the keyboard only; visitors can filter by it (${lang})`, async ({ page, browser }) => {
      test.slow()
      await gotoHydrated(page, at(l.host, `/${lang}/admin/settings/offers`))
      await page.getByLabel(l.email).fill(credentials(l.shop, 'manager').email)
      await page.getByRole('textbox', { name: l.password, exact: true }).fill(credentials(l.shop, 'manager').password)
      await page.keyboard.press('Enter')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.title, SLOW)
      await expectNoAxeViolations(page)

      await page.getByRole('button', { name: l.add }).focus()
      await page.keyboard.press('Enter')
      const tag = page.getByTestId('tag-editor').last()
      await tag.getByLabel(l.name).focus()
      await page.keyboard.type(l.tag)
      await tag.getByRole('button', { name: l.choose }).focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: l.dialog })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('searchbox').or(dialog.getByRole('textbox'))).toBeFocused()
      await page.keyboard.type('snowshoe')
      await expect(dialog.getByText(l.found)).toBeVisible(SLOW)
      await expectNoAxeViolations(page)
      await page.keyboard.press('ArrowDown')
      await expect(dialog.getByRole('option').first()).toBeFocused()
      const chosen = (await dialog.getByRole('option').first().getAttribute('aria-label')) ?? ''
      await page.keyboard.press('Enter')
      await expect(dialog).toBeHidden()
      await expect(tag.getByRole('button', { name: l.choose })).toBeFocused()
      await expect(tag.getByText(/\(mdi:snowshoe/)).toBeVisible()
      expect(chosen).toMatch(/snowshoe/i)

      await page.getByRole('button', { name: l.save }).focus()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('status').filter({ hasText: l.saved })).toBeVisible(SLOW)
      await expect(page.getByTestId('history').getByText(`tags.${l.slug}`, { exact: false }).first()).toBeVisible(SLOW)

      const visitor = await browser.newPage()
      await visitor.goto(at(l.host, `/${lang}/`))
      await expect(visitor.getByText(l.tag).first()).toBeVisible(SLOW)
      await visitor.close()

      // Put it back: a tag no offer uses is removed without a question.
      await page.getByTestId('tag-editor').filter({ hasText: l.slug }).getByRole('button', { name: l.remove }).click()
      await page.getByRole('button', { name: l.save }).click()
      await expect(page.getByRole('status').filter({ hasText: l.saved })).toBeVisible(SLOW)
    })
  }
})
