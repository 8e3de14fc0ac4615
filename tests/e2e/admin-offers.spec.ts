/**
 * An offer from nothing, as a new manager builds it, in de and fr: a draft with two variants, an
 * extra and an image, a weekly series of dates, published; a visitor finds it on the home page
 * and books it; the staff calendar shows the place taken; the date is cancelled and the visitor's
 * cancellation e-mail is in the mail folder. axe on the list, the editor, the dates and the dialogs.
 */
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { newestMailTo } from '../support/mail'
import { T as CHECKOUT, fillContact, fillParticipants, onSiteOption } from './checkout-helpers'
import { at, expect, expectNoAxeViolations, gotoHydrated, pickFirstDay, test } from './fixtures'
import { credentials, E2E_DATA } from './staff-helpers'

const T = {
  de: {
    lang: 'Deutsch', email: 'E-Mail-Adresse', password: 'Passwort', offers: 'Angebote', newOffer: 'Neues Angebot', group: 'Gruppenaktivität', title: 'Titel', create: 'Entwurf erstellen',
    intro: 'Einleitung (Deutsch)', addVariant: 'Variante hinzufügen', variantName: (n: number) => `Name von Variante ${n} (Deutsch)`, variantPrice: (n: number) => `Preis von Variante ${n} (CHF)`,
    addExtra: 'Extra hinzufügen', extraName: 'Name von Extra 1 (Deutsch)', extraPrice: 'Preis von Extra 1 (CHF)', chooseImage: 'Bild auswählen', imageAlt: 'Beschreibung von Bild 1 (Deutsch)',
    save: 'Angebot speichern', saved: /^Gespeichert\./, publish: 'Veröffentlichen', published: 'Veröffentlicht', dates: 'Termine', addSeries: 'Serie hinzufügen', times: 'Anfangszeiten|Startzeiten',
    first: 'Erster Tag', last: 'Letzter Tag', places: 'Plätze', addDates: 'Termine hinzufügen', cancelDate: 'Diesen Termin absagen …', message: 'Nachricht an die Besucherinnen und Besucher (optional)',
    confirmCancel: 'Termin absagen', mailSubject: 'Stornierung Ihrer Buchung', archive: 'Archivieren', archived: 'Archiviert', adult: 'Erwachsene', child: 'Kinder', extra: 'Fotos vom Tag',
  },
  fr: {
    lang: 'Français', email: 'Adresse e-mail', password: 'Mot de passe', offers: 'Offres', newOffer: 'Nouvelle offre', group: 'Activité de groupe', title: 'Titre', create: 'Créer le brouillon',
    intro: 'Introduction (Français)', addVariant: 'Ajouter une variante', variantName: (n: number) => `Nom de la variante ${n} (Français)`, variantPrice: (n: number) => `Prix de la variante ${n} (CHF)`,
    addExtra: 'Ajouter une option', extraName: 'Nom de l’option 1 (Français)', extraPrice: 'Prix de l’option 1 (CHF)', chooseImage: 'Choisir une image', imageAlt: 'Description de l’image 1 (Français)',
    save: 'Enregistrer l’offre', saved: /^Enregistré\./, publish: 'Publier', published: 'Publiée', dates: 'Dates', addSeries: 'Ajouter une série', times: 'Heures de début',
    first: 'Premier jour', last: 'Dernier jour', places: 'Places', addDates: 'Ajouter les dates', cancelDate: 'Annuler cette date…', message: 'Message aux visiteurs (facultatif)',
    confirmCancel: 'Annuler la date', mailSubject: 'Annulation de votre réservation', archive: 'Archiver', archived: 'Archivée', adult: 'Adultes', child: 'Enfants', extra: 'Photos de la journée',
  },
}
type Lang = keyof typeof T

const SLOW = { timeout: 20_000 }
/** A field by its label as written, with or without the required marker (` *`). */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`)
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

async function signIn(page: Page, host: string, lang: Lang, shop: string) {
  await gotoHydrated(page, at(host, `/${lang}/admin/offers`))
  await page.getByLabel(T[lang].email).fill(credentials(shop, 'manager').email)
  await page.getByRole('textbox', { name: T[lang].password, exact: true }).fill(credentials(shop, 'manager').password)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].offers, SLOW)
}

for (const [lang, host, shop] of [['de', 'localhost', 'alpin'], ['fr', 'atelier.localhost', 'atelier']] as const) {
  test(`a manager builds an offer from nothing, a visitor books it, the date is cancelled and the visitor told (${lang})`, async ({ page, browser }) => {
    test.slow()
    const t = T[lang]
    const title = `E2E ${lang === 'de' ? 'Gletschertour' : 'Atelier du soir'} ${Date.now().toString(36)}`
    await signIn(page, host, lang, shop)
    await expectNoAxeViolations(page)

    // A draft from its kind and title.
    await page.getByRole('button', { name: t.newOffer }).click()
    const dialog = page.getByRole('dialog', { name: t.newOffer })
    await dialog.getByRole('radio', { name: t.group }).check()
    await dialog.getByLabel(label(t.title)).fill(title)
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: t.create }).click()
    await expect(page).toHaveURL(new RegExp(`/${lang}/admin/offers/[A-Za-z0-9_-]{16,}$`), SLOW)
    const editor = page.url()

    // Texts, two variants, an extra, an image.
    await page.getByLabel(t.intro).fill(lang === 'de' ? 'Ein Tag auf dem Eis mit Bergführer.' : 'Une soirée au tour de potier.')
    await page.getByRole('button', { name: t.addVariant }).click()
    await page.getByRole('button', { name: t.addVariant }).click()
    await page.getByLabel(t.variantName(1)).fill(t.adult)
    await page.getByLabel(t.variantPrice(1)).fill('120.50')
    await page.getByLabel(t.variantName(2)).fill(t.child)
    await page.getByLabel(t.variantPrice(2)).fill('80')
    await page.getByRole('button', { name: t.addExtra }).click()
    await page.getByLabel(t.extraName).fill(t.extra)
    await page.getByLabel(t.extraPrice).fill('15')
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 90, b: 140 } } }).png().toBuffer()
    await page.getByLabel(t.chooseImage).first().setInputFiles({ name: 'tour.png', mimeType: 'image/png', buffer: png })
    // The picture joins the offer's images, with a description per language to write.
    await page.getByLabel(t.imageAlt).fill(lang === 'de' ? 'Seilschaft auf dem Gletscher' : 'Mains sur le tour de potier')
    await page.getByRole('button', { name: t.save }).click()
    await expect(page.getByRole('status').filter({ hasText: t.saved }).first()).toBeVisible(SLOW)
    await expectNoAxeViolations(page)

    // A weekly series: every day of the coming week at 09:00, 8 places.
    // The editor links to its dates page; opened hydrated, so that the first click is not lost (issue 22, point 3).
    await expect(page.getByRole('link', { name: t.dates, exact: true })).toHaveAttribute('href', new RegExp(`${new URL(editor).pathname}/dates$`))
    await gotoHydrated(page, `${editor}/dates`)
    await page.getByRole('button', { name: t.addSeries }).click()
    const series = page.getByRole('dialog')
    await expect(series).toBeVisible(SLOW)
    for (const box of await series.getByRole('checkbox').all()) await box.check()
    await series.getByLabel(new RegExp(`^(${t.times})`)).fill('09:00')
    await series.getByLabel(label(t.first)).fill(isoDay(2))
    await series.getByLabel(label(t.last)).fill(isoDay(8))
    await series.getByLabel(label(t.places)).fill('8')
    await expect(series.getByRole('listitem').first()).toBeVisible(SLOW) // the preview of the dates it makes
    await expectNoAxeViolations(page)
    await series.getByRole('button', { name: t.addDates }).click()
    await expect(series).toBeHidden(SLOW)

    // Published.
    await gotoHydrated(page, editor)
    await page.getByRole('button', { name: t.publish, exact: true }).click()
    await expect(page.getByText(t.published, { exact: true }).first()).toBeVisible(SLOW)

    // A visitor finds it on the home page and books one place.
    const visitor = await browser.newPage()
    const email = `journey-${lang}-${Date.now()}@example.ch`
    await gotoHydrated(visitor, at(host, `/${lang}`))
    await visitor.getByRole('link', { name: title }).first().click()
    await expect(visitor).toHaveURL(/\/listing\//, SLOW)
    await pickFirstDay(visitor, CHECKOUT[lang].next)
    const panel = visitor.getByTestId('booking-panel')
    await panel.locator('fieldset button:not([disabled])').first().click()
    const quantity = panel.locator('input[type="number"]').first()
    if ((await quantity.inputValue()) === '0') await quantity.fill('1')
    await panel.getByRole('button', { name: CHECKOUT[lang].add }).click()
    await expect(visitor).toHaveURL(new RegExp(`/${lang}/checkout/`), SLOW)
    await fillParticipants(visitor, lang)
    await visitor.getByRole('button', { name: CHECKOUT[lang].cont }).click()
    await fillContact(visitor, lang)
    await visitor.locator('#email').fill(email)
    await visitor.getByRole('button', { name: CHECKOUT[lang].cont }).click()
    await visitor.getByLabel(onSiteOption(shop, lang), { exact: true }).check()
    await visitor.getByLabel(CHECKOUT[lang].terms).check()
    await visitor.getByRole('button', { name: CHECKOUT[lang].book }).click()
    await expect(visitor.getByRole('heading', { name: CHECKOUT[lang].done })).toBeVisible(SLOW)
    await visitor.close()

    // The staff calendar shows the place taken; the date is cancelled and the visitor told.
    await gotoHydrated(page, `${editor}/dates`)
    const booked = page.getByRole('button', { name: /^09:00 1 \/ 8/ }).first()
    await expect(booked).toBeVisible(SLOW)
    await expectNoAxeViolations(page)
    await booked.click()
    await page.getByRole('button', { name: t.cancelDate }).click()
    await page.getByLabel(t.message).fill(lang === 'de' ? 'Leider zu wenig Schnee.' : 'Le four est en panne.')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: t.confirmCancel, exact: true }).click()
    let mail: ReturnType<typeof newestMailTo>
    await expect.poll(() => (mail = newestMailTo(join(E2E_DATA, 'mail'), email, t.mailSubject))?.subject ?? '', { timeout: 20_000 }).toContain(t.mailSubject)
    expect(mail!.subject).toContain(t.mailSubject)

    // Archived: visitors no longer see it (and the other specs' shop is as it was); its booking is kept.
    await gotoHydrated(page, editor)
    await page.getByRole('button', { name: t.archive, exact: true }).click()
    await expect(page.getByText(t.archived, { exact: true }).first()).toBeVisible(SLOW)
    // Asked by the page (the browser resolves *.localhost; Node's resolver does not).
    const gone = await page.evaluate(async (q) => (await (await fetch(`/api/webshop/v1/offers?q=${encodeURIComponent(q)}`)).json()) as { data: { title: string }[] }, title)
    expect(gone.data.map((o) => o.title)).not.toContain(title)
  })
}
