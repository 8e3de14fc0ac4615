/**
 * Unpaid bookings release their places (ADR 016), against the production build: a visitor books
 * with "pay now" and walks away from the provider's page; after the shop's payment deadline the
 * server's own worker cancels the booking, the places are on sale again, the success page says
 * so and the cancellation e-mail is in the mail folder.
 *
 * The deadline cannot be waited out at its default (30 minutes), so this spec starts a server of
 * its own (port 4188, a fresh data directory) whose demo shop has `booking.payNowMinutes: 1`
 * and whose worker looks every 2 seconds; the rest of the suite keeps the default server.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { cartFor, fillContact, fillParticipants, T } from './checkout-helpers'
import { startServeProcess, stopServeProcess, type ServeProcess } from '../../scripts/lib/serve-process'

const PORT = 4188
let server: ServeProcess | undefined
let dataDir = ''

/** `npm run shop` on the spec's data directory (the server is not running then). */
function shopCli(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/shop.ts', ...args], {
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', API_ORIGIN: '', HOSTED_DOMAIN: 'localhost', DEFAULT_TENANT: 'alpin' },
  })
  if (result.status !== 0) throw new Error(`shop ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`)
  return result.stdout
}

/** The text of the .eml files in the mail folder (quoted-printable decoded). */
function mails() {
  const dir = join(dataDir, 'mail')
  if (!existsSync(dir)) return []
  return readdirSync(dir).map((file) => {
    const latin1 = readFileSync(join(dir, file), 'latin1')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(latin1, 'latin1').toString('utf8')
  })
}

test.describe('unpaid bookings', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    dataDir = mkdtempSync(join(tmpdir(), 'unpaid-'))
    // Migrates and seeds the demo shops, then shortens the payment deadline of the default shop.
    const config = JSON.parse(shopCli('show', 'alpin')) as { booking?: Record<string, unknown> }
    config.booking = { ...config.booking, payNowMinutes: 1 }
    const file = join(dataDir, 'alpin.json')
    writeFileSync(file, JSON.stringify(config))
    shopCli('put', 'alpin', file)
    server = await startServeProcess(PORT, { DATA_DIR: dataDir, BOOKING_EXPIRY_INTERVAL_SECONDS: '2', RATE_LIMIT_WRITES_PER_MINUTE: '5000' }, 120_000)
  })

  test.afterAll(async () => {
    await stopServeProcess(server)
  })

  test('a pay-now booking left unpaid is cancelled after its deadline: places back on sale, visitor e-mailed', async ({ page }) => {
    test.setTimeout(240_000)
    const origin = server!.origin
    const lang = 'en'
    await cartFor(page, lang, 'AVAILABLE', 3, origin)
    await fillParticipants(page, lang)
    await page.getByRole('button', { name: T[lang].cont }).click()
    await fillContact(page, lang)
    await page.getByRole('button', { name: T[lang].cont }).click()
    await page.getByRole('radio', { name: 'Pay now', exact: true }).check()
    await page.getByRole('checkbox', { name: T[lang].terms }).check()
    await page.getByRole('button', { name: T[lang].book }).click()

    // On the provider's page the visitor cancels, and comes back to a reserved booking with a deadline.
    await expect(page).toHaveURL(/\/api\/sandbox-pay\/v1\/sessions\/sbx_/)
    await page.locator('button[value="cancel"]').click()
    await expect(page).toHaveURL(/\/en\/checkout\/[A-Za-z0-9_-]{22,}\/success\?payment=/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your places are reserved')
    await expect(page.getByTestId('payment-deadline')).toContainText('Please pay by')
    const code = (await page.getByTestId('booking-code').textContent())!.trim()
    const cart = /\/checkout\/([A-Za-z0-9_-]{22,})\/success/.exec(page.url())![1]!

    // How many places its session has left now.
    const booking = (await (await page.request.get(`${origin}/api/webshop/v1/carts/${cart}/booking`)).json()).data as {
      status: string
      items: { offer: string; start: string; quantity: number }[]
    }
    expect(booking.status).toBe('CONFIRMED')
    const item = booking.items[0]!
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(item.start))
    const placesLeft = async () => {
      const answer = await page.request.get(`${origin}/api/webshop/v1/offers/${item.offer}/dates/${day}`)
      const slots = (await answer.json()).data.slots as { start: string; placesLeft: number }[]
      return slots.find((s) => s.start === item.start)!.placesLeft
    }
    const before = await placesLeft()

    // One minute later the worker has cancelled it: the success page says so.
    await expect(async () => {
      await page.reload()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking cancelled', { timeout: 2_000 })
    }).toPass({ timeout: 150_000, intervals: [5_000] })
    await expect(page.getByTestId('booking-cancelled')).toContainText(code)
    await expect(page.getByTestId('payment-deadline')).toHaveCount(0)

    // The places are on sale again.
    expect(await placesLeft()).toBe(before + item.quantity)

    // The visitor's cancellation e-mail, in the language they booked in.
    await expect
      .poll(() => mails().some((text) => text.includes(code) && text.includes('we did not receive your payment for your booking')), { timeout: 30_000 })
      .toBe(true)
    expect(server!.output()).toContain(`cancelled unpaid after their payment deadline: ${code}`)
  })
})
