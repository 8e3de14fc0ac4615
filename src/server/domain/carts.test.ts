import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../../../tests/support/databases'
import { createTestApp, type TestApp } from '../../../tests/support/app'
import { shops } from '../db/schema'
import { createCart, findCart } from './carts'
import type { CatalogueContext } from './offers/catalogue'

describeEachDatabase('carts of a shop in another currency', (factory) => {
  let app: TestApp
  let ctx: CatalogueContext

  beforeAll(async () => {
    app = await createTestApp(factory)
    const [row] = await app.database.db.select().from(shops).where(eq(shops.id, 'alpin'))
    const config = { ...row!.config, currency: 'EUR', timeZone: 'America/New_York' }
    await app.database.db.update(shops).set({ config }).where(eq(shops.id, 'alpin'))
    ctx = { db: app.database.db, shop: { id: 'alpin', config: { id: 'alpin', ...config } }, locale: 'en', now: new Date() }
  })
  afterAll(() => app?.close())

  it('creates a cart in the shop currency, not in francs', async () => {
    const created = await createCart(ctx)
    expect(created.total).toEqual({ amount: 0, currency: 'EUR' })
    expect((await findCart(ctx, created.id))!.total).toEqual({ amount: 0, currency: 'EUR' })
  })

  it('answers a new cart in the shop currency through the API', async () => {
    const response = await app.call('/api/webshop/v1/carts', {
      method: 'POST',
      headers: await writeHeaders(app),
    })
    expect(response.status).toBe(201)
    expect(((await response.json()) as { data: { total: unknown } }).data.total).toEqual({ amount: 0, currency: 'EUR' })
  })
})

/** The anti-forgery pair and an idempotency key, as a visitor's write carries them. */
async function writeHeaders(app: TestApp) {
  const cookie = await app.call('/sanctum/csrf-cookie')
  const token = /XSRF-TOKEN=([^;]+)/.exec(cookie.headers.getSetCookie().join('; '))![1]!
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': decodeURIComponent(token), 'idempotency-key': crypto.randomUUID() }
}
