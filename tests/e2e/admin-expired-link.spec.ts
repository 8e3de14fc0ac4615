/**
 * An expired password link, in a server process of its own on PostgreSQL, so that the test can
 * age the link in the database while the server runs: the same link shows the form before, and
 * the spec's message in de, en and fr after its expiry.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { startServeProcess, stopServeProcess, type ServeProcess } from '../../scripts/lib/serve-process'
import { newestMailTo } from '../support/mail'
import { freshPostgresDatabase } from '../support/postgres-database'
import { POSTGRES_HINT, postgresMissingUnderCi, postgresUrl, underCi } from '../support/postgres-env'
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'

const PORT = 4192
const EXPIRED = {
  de: 'Der Link ist abgelaufen oder ungültig. Fordern Sie einen neuen Link an.',
  en: 'The link has expired or is invalid. Request a new link.',
  fr: 'Le lien a expiré ou n’est pas valable. Demandez un nouveau lien.',
}

test('an expired password link shows the spec’s message in de, en and fr', async ({ page }) => {
  if (!postgresUrl && underCi) throw postgresMissingUnderCi('the expired-link test ages a link in PostgreSQL')
  test.skip(!postgresUrl, `${POSTGRES_HINT}: the expired-link test ages a link in PostgreSQL`)
  test.setTimeout(180_000) // a server of its own: migrations, seed, demo staff at the real hashing cost
  const database = await freshPostgresDatabase('webshop_expired_link')
  const dataDir = mkdtempSync(join(tmpdir(), 'expired-link-'))
  let server: ServeProcess | undefined
  try {
    server = await startServeProcess(PORT, { DATABASE_URL: database.url.href, DATA_DIR: dataDir }, 120_000)
    const origin = server.origin

    // a reset link, asked for on the forgot-password page and taken from the e-mail
    await gotoHydrated(page, `${origin}/en/admin/forgot-password`)
    await page.getByLabel('E-mail address').fill('guide@alpin.example')
    await page.getByRole('button', { name: 'Send link' }).click()
    await expect(page.getByTestId('reset-sent')).toBeVisible()
    let text = ''
    await expect.poll(() => (text = newestMailTo(join(dataDir, 'mail'), 'guide@alpin.example')?.text ?? '') !== '', { timeout: 20_000 }).toBe(true)
    const token = /\/admin\/password\/([A-Za-z0-9_-]{22,64})/.exec(text)?.[1]
    expect(token, 'reset link in the e-mail').toBeTruthy()

    // still valid: the form
    await gotoHydrated(page, `${origin}/en/admin/password/${token}`)
    await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeVisible()

    // a second past its expiry (the server's clock and the database's are the same here)
    const client = new pg.Client({ connectionString: database.url.href })
    await client.connect()
    try {
      const aged = await client.query(
        `update staff_links set expires_at = now() - interval '1 second'
          where used_at is null and staff_id = (select id from staff where shop_id = 'alpin' and email = 'guide@alpin.example')`,
      )
      expect(aged.rowCount).toBe(1)
    } finally {
      await client.end()
    }

    for (const lang of ['de', 'en', 'fr'] as const) {
      const response = await gotoHydrated(page, `${origin}/${lang}/admin/password/${token}`)
      expect(response?.status()).toBe(404)
      await expect(page.getByText(EXPIRED[lang])).toBeVisible()
      await expect(page.getByRole('textbox')).toHaveCount(0)
      await expect(page.locator('a[href$="/admin/forgot-password"]')).toHaveAttribute('href', `/${lang}/admin/forgot-password`)
    }
    await expectNoAxeViolations(page)
  } finally {
    if (server) await stopServeProcess(server)
    await database.drop()
  }
})
