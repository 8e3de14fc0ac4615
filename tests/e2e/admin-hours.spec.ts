/**
 * Opening hours of a private service as a new manager sets them, in fr: weekly hours, closed days
 * chosen in the date-selection dialog with the keyboard only, saved; axe on the page and the dialog.
 */
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { credentials } from './staff-helpers'

const SLOW = { timeout: 20_000 }

test('a manager sets the weekly hours of a private service and closes three days chosen with the keyboard (fr)', async ({ page }) => {
  test.slow()
  await gotoHydrated(page, at('atelier.localhost', '/fr/admin/offers'))
  await page.getByLabel('Adresse e-mail').fill(credentials('atelier', 'manager').email)
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(credentials('atelier', 'manager').password)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offres', SLOW)

  const title = `E2E Cours privé ${Date.now().toString(36)}`
  await page.getByRole('button', { name: 'Nouvelle offre' }).click()
  const created = page.getByRole('dialog', { name: 'Nouvelle offre' })
  await created.getByRole('radio', { name: 'Prestation privée' }).check()
  await created.getByRole('textbox', { name: 'Titre' }).fill(title)
  await created.getByRole('button', { name: 'Créer le brouillon' }).click()
  await expect(page).toHaveURL(/\/fr\/admin\/offers\/[A-Za-z0-9_-]{16,}$/, SLOW)
  await page.getByRole('link', { name: 'Heures d’ouverture', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Heures d’ouverture', SLOW)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await expectNoAxeViolations(page)

  // Mondays 09:00–12:00.
  await page.getByRole('button', { name: /^Ajouter des heures d’ouverture.*lundi/i }).click()
  await page.getByLabel(/^De.*lundi, plage 1/i).fill('09:00')
  await page.getByLabel(/^À.*lundi, plage 1/i).fill('12:00')

  // Three days in a row chosen in the dialog with the keyboard only, then closed.
  await page.getByRole('button', { name: 'Ajouter des jours de fermeture ou des horaires spéciaux…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Choisir des dates' })
  await expect(dialog).toBeVisible()
  // Next month (all of it selectable), and a start early enough that the three days stay in that
  // month whatever today is: near a month's end the grid would turn the page mid-selection.
  const focusedCell = dialog.locator('[role="gridcell"][tabindex="0"]')
  await focusedCell.focus()
  await page.keyboard.press('PageDown')
  await expect(focusedCell).toBeFocused()
  if (Number((await focusedCell.getAttribute('data-date'))!.slice(8)) > 25) await page.keyboard.press('ArrowUp')
  await expect(focusedCell).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Space')
  await page.keyboard.press('Shift+ArrowRight')
  await page.keyboard.press('Shift+ArrowRight')
  await expect(dialog.getByText('3 dates sélectionnées.')).toBeVisible()
  await expect(dialog.locator('[role="gridcell"][aria-selected="true"]')).toHaveCount(3)
  await expectNoAxeViolations(page)
  await dialog.getByRole('radio', { name: 'Fermé toute la journée' }).check()
  await dialog.getByRole('button', { name: 'Appliquer à 3 dates' }).click()
  await expect(dialog).toBeHidden()

  await page.getByRole('button', { name: 'Enregistrer les heures d’ouverture' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Enregistré\./ }).first()).toBeVisible(SLOW)
  await expect(page.getByRole('region', { name: 'Jours de fermeture et horaires spéciaux' }).getByRole('listitem')).toHaveCount(3)
  await expectNoAxeViolations(page)
})
