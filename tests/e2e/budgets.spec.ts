/**
 * Size budgets: the JavaScript each page type loads, gzip, against perf-budgets.json.
 * Timings are only reported (npm run bench); sizes are checked here, in the production build.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cartWithPlace, checkoutBody, findSession, visitor } from '../../scripts/lib/shop-api'
import { PAGE_TYPES, scriptWeight, type PageType } from '../../scripts/lib/page-weight'
import { at, expect, test } from './fixtures'

const budgets = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'perf-budgets.json'), 'utf8')) as { pageScripts: Record<PageType, number> }

test('the JavaScript of every page type stays within its gzip budget', async ({ browser }) => {
  test.slow()
  const origin = at('localhost').replace(/\/$/, '')
  const v = await visitor(origin, 'de')
  const session = await findSession(v, 2)
  const forCheckout = await cartWithPlace(v, session)
  const forLink = await cartWithPlace(v, session)
  const booked = await (await v.post(`/api/webshop/v1/carts/${forLink.cart}/checkout`, checkoutBody(forLink.itemId!, 'PAY_LATER'))).json()
  const urls: Record<PageType, string> = {
    home: '/de',
    listing: `/de/listing/${session.slug}`,
    checkout: `/de/checkout/${forCheckout.cart}`,
    payment: `/de/aftersales/payment/${booked.data.paymentLink.token}`,
    embedBooking: `/de/embed/v1/booking/${session.slug}`,
    embedSearch: '/de/embed/v1/search',
  }
  const measured: Record<string, number> = {}
  // what only the staff app loads: its routes (ADR 041), its API calls, the API reference's renderer, the rich-text editor, the reports' charts, its message catalogue
  const staffOnly = ['$lang/admin', '/api/admin/v1/', 'createApiReference', 'ProseMirror', 'recharts-wrapper', 'Invite a staff member', 'Mitarbeitende Person einladen', 'Inviter un membre du personnel']
  for (const type of PAGE_TYPES) {
    const page = await browser.newPage()
    const weight = await scriptWeight(page, `${origin}${urls[type]}`)
    await page.close()
    measured[type] = weight.gzipBytes
    expect(weight.files, type).toBeGreaterThan(0)
    for (const marker of staffOnly) expect(weight.bodies.some((body) => body.includes(marker)), `${type} loads staff-app code (${marker})`).toBe(false)
  }
  console.log('JavaScript per page type, gzip bytes:', JSON.stringify(measured))
  for (const type of PAGE_TYPES) expect(measured[type], `${type}: ${measured[type]} B gzip, budget ${budgets.pageScripts[type]} B`).toBeLessThanOrEqual(budgets.pageScripts[type])
})
