import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bookings, carts, changeLog, offers, shops, skus } from '../../src/server/db/schema'
import { SHOP_CHANGED } from '../../src/server/domain/settings/notify'
import { ShopDirectory } from '../../src/server/domain/shops'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer, visitorContact } from '../support/factories'
import { signedInCast, staffCalls } from '../support/staff'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`

describeEachDatabase('settings → general (openapi/admin.yaml)', (factory) => {
  let app: TestApp
  const clock = new Date('2026-11-23T08:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let atelier: Awaited<ReturnType<typeof staffCalls>>
  let owner: string
  let ownerAtelier: string

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    ;({ alpin, atelier, owner, atelierOwner: ownerAtelier } = await signedInCast(app))
  })
  afterAll(() => app?.close())

  const current = async () => (await alpin.call('GET', '/settings/general', { session: owner })).body.data
  const shopConfig = async (origin = ALPIN) => (await (await app.call(`${origin}/api/webshop/v1/config`, { headers: { 'x-flowin-locale': 'de' } })).json()).data
  const save = (version: number, settings: unknown, session = owner) => alpin.call('PUT', '/settings/general', { session, body: { version, settings } })

  it('gives owners the settings with their defaults and version; managers, guides and strangers get nothing', async () => {
    const answer = await current()
    expect(answer.version).toBe(1)
    expect(answer.settings).toMatchObject({ languages: ['de', 'en', 'fr'], timeZone: 'Europe/Zurich', currency: 'CHF', booking: { holdMinutes: 15, paymentLinkDays: 30, stockLowThreshold: 3 } })
    expect(answer.settings.theme.colorPalette.primary).toEqual({ background: [14, 84, 122], foreground: [255, 255, 255] })
    expect((await alpin.call('GET', '/settings/general', { session: await alpin.signIn('marco@alpin.example') })).status).toBe(403)
    const guide = await alpin.signIn('zora@alpin.example')
    expect((await alpin.call('GET', '/settings/general', { session: guide })).status).toBe(403)
    expect((await save(1, answer.settings, guide)).status).toBe(403)
    expect((await alpin.call('GET', '/settings/general')).status).toBe(401)
    // Another shop's owner reads their own shop, never this one.
    expect((await atelier.call('GET', '/settings/general', { session: ownerAtelier })).body.data.settings.labels.title.fr).not.toBe(answer.settings.labels.title.fr)
  })

  it('saves a change that the shop shows at once, records who changed what, and leaves the other shop alone', async () => {
    const { version, settings } = await current()
    const atelierBefore = await shopConfig(ATELIER)
    expect((await shopConfig()).theme.colorPalette.primary.background).toEqual([14, 84, 122])
    settings.theme.colorPalette.primary.background = [120, 20, 60]
    settings.labels.slogan.en = 'Higher, further, together'
    settings.embed.allowedOrigins = ['https://www.alpin-abenteuer.ch']
    const saved = await save(version, settings)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.version).toBe(version + 1)
    // No wait: this process forgot its cached configuration when the change was saved.
    const config = await shopConfig()
    expect(config.theme.colorPalette.primary.background).toEqual([120, 20, 60])
    expect(config.labels.slogan.en).toBe('Higher, further, together')
    expect(await shopConfig(ATELIER)).toEqual(atelierBefore)
    // Tags and filters are not general settings: kept as they were.
    expect(config.tags.length).toBeGreaterThan(0)

    const history = (await alpin.call('GET', '/settings/history', { session: owner })).body.data
    expect(history[0]).toMatchObject({ action: 'updated', actor: { name: 'Anna Keller' } })
    expect(history[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'theme.colorPalette.primary.background', before: [14, 84, 122], after: [120, 20, 60] },
        { field: 'labels.slogan.en', before: expect.any(String), after: 'Higher, further, together' },
        { field: 'embed.allowedOrigins', before: [], after: ['https://www.alpin-abenteuer.ch'] },
      ]),
    )
    expect((await atelier.call('GET', '/settings/history', { session: ownerAtelier })).body.data).toEqual([])
  })

  it('records nothing but what changed: saving the seed\'s legal texts unedited is no change of them', async () => {
    const { version, settings } = await current()
    settings.booking.stockLowThreshold = 4
    expect((await save(version, settings)).status).toBe(200)
    const [latest] = (await alpin.call('GET', '/settings/history', { session: owner })).body.data
    expect(latest.changes, JSON.stringify(latest.changes)).toEqual([{ field: 'booking.stockLowThreshold', before: 3, after: 4 }])
  })

  it('refuses a save based on an older version: 409 with the current version, nothing overwritten', async () => {
    const { version, settings } = await current()
    settings.labels.title.de = 'Zweiter Tab'
    const stale = await save(version - 1, settings)
    expect(stale.status).toBe(409)
    expect(stale.body.data).toMatchObject({ code: 'settings.version_conflict', version })
    expect((await current()).settings.labels.title.de).not.toBe('Zweiter Tab')
  })

  it('refuses hostile and wrong input field by field and changes nothing', async () => {
    const { version, settings } = await current()
    const refused = async (change: (s: typeof settings) => void, field: string, code: string) => {
      const copy = structuredClone(settings)
      change(copy)
      const answer = await save(version, copy)
      expect(answer.status, `${field}: ${JSON.stringify(answer.body)}`).toBe(400)
      expect(answer.body.data.errors[field], field).toMatchObject({ code })
    }
    await refused((s) => (s.labels.title.de = 'Alpin<script>alert(1)</script>'), 'settings.labels.title.de', 'plain_text')
    await refused((s) => (s.labels.slogan.fr = '<img src=x onerror=alert(1)>'), 'settings.labels.slogan.fr', 'plain_text')
    await refused((s) => (s.contact.address.city = 'Thun\u0007'), 'settings.contact.address.city', 'plain_text')
    await refused((s) => (s.contact.name = '   '), 'settings.contact.name', 'required')
    await refused((s) => (s.contact.phone = '0123 45'), 'settings.contact.phone', 'phone')
    await refused((s) => (s.timeZone = 'Mars/Olympus_Mons'), 'settings.timeZone', 'time_zone')
    await refused((s) => (s.currency = 'XYZ'), 'settings.currency', 'currency')
    await refused((s) => (s.theme.colorPalette.primary.background = 'red'), 'settings.theme.colorPalette.primary.background', 'invalid_type')
    await refused((s) => (s.theme.colorPalette.primary.background = [300, 0, 0]), 'settings.theme.colorPalette.primary.background.0', 'too_big')
    await refused((s) => (s.theme.colorPalette['</style><script>'] = { background: [0, 0, 0], foreground: [255, 255, 255] }), 'settings.theme.colorPalette', 'invalid_format')
    await refused((s) => (s.languages = []), 'settings.languages', 'too_small')
    await refused((s) => (s.languages = ['de', 'de']), 'settings.languages', 'invalid')
    await refused((s) => (s.embed.allowedOrigins = ['javascript:alert(1)']), 'settings.embed.allowedOrigins.0', 'invalid_format')
    await refused((s) => (s.contact.website = 'javascript:alert(1)'), 'settings.contact.website', 'invalid_format')
    await refused((s) => (s.booking.holdMinutes = 0), 'settings.booking.holdMinutes', 'too_small')
    await refused((s) => (s.booking.paymentOptions = []), 'settings.booking.paymentOptions', 'too_small')
    await refused((s) => (s.booking.paymentOptions = ['PAY_ON_SITE', 'PAY_LATER_OR_ON_SITE']), 'settings.booking.paymentOptions', 'payment_options_overlap')
    await refused((s) => (s.booking.paymentOptions = ['PAY_NOW', 'PAY_LATER', 'PAY_LATER_OR_ON_SITE']), 'settings.booking.paymentOptions', 'payment_options_overlap')
    await refused((s) => (s.media.logo = '../../etc/passwd'), 'settings.media.logo', 'invalid_format')
    expect((await current()).version).toBe(version)
  })

  it('stores legal texts sanitised: scripts, handlers and javascript: links do not survive', async () => {
    const { version, settings } = await current()
    settings.legal.terms.de = '<h1>AGB</h1><p onclick="alert(1)">Gilt <a href="javascript:alert(1)">immer</a>.</p><script>alert(1)</script><a href="https://example.ch">Link</a>'
    const saved = await save(version, settings)
    expect(saved.status).toBe(200)
    const html = saved.body.data.settings.legal.terms.de as string
    expect(html).not.toMatch(/script|onclick|javascript:/i)
    expect(html).toContain('<h2>AGB</h2>')
    expect(html).toContain('<a href="https://example.ch" rel="noopener noreferrer nofollow" target="_blank">Link</a>')
  })

  it('takes long legal texts (beyond the usual 256 KiB per body) up to 60 000 characters each', async () => {
    const { version, settings } = await current()
    const long = (lang: string) => `<p>${`${lang} `.repeat(14_900)}</p>`
    for (const key of ['imprint', 'privacyPolicy', 'terms'] as const) settings.legal[key] = { de: long('de'), en: long('en'), fr: long('fr') }
    const saved = await save(version, settings)
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200)
    settings.legal.terms.de = `<p>${'x'.repeat(60_000)}</p>`
    const tooLong = await save(saved.body.data.version, settings)
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.data.errors['settings.legal.terms.de']).toMatchObject({ code: 'too_big' })
  })

  it('changes the currency of a shop without bookings (its prices with it), never of one with bookings', async () => {
    const answer = (await atelier.call('GET', '/settings/general', { session: ownerAtelier })).body.data
    await createOffer(app.database.db, { shopId: 'atelier', slug: 'currency-probe' })
    const euro = await atelier.call('PUT', '/settings/general', { session: ownerAtelier, body: { version: answer.version, settings: { ...answer.settings, currency: 'EUR' } } })
    expect(euro.status, JSON.stringify(euro.body)).toBe(200)
    expect(new Set((await app.database.db.select().from(skus).where(eq(skus.shopId, 'atelier'))).map((s) => s.currency))).toEqual(new Set(['EUR']))

    await app.database.db.insert(carts).values({ id: 'cart-with-a-booking-0001', shopId: 'alpin' })
    await app.database.db.insert(bookings).values({
      id: 'booking-currency-probe', shopId: 'alpin', code: 'CURR-0001', cartId: 'cart-with-a-booking-0001', mode: 'order', status: 'CONFIRMED', locale: 'de',
      customer: visitorContact.customer, person: visitorContact.person, address: visitorContact.address, paymentMethod: 'PAY_ON_SITE', totalAmount: 100, openAmount: 100, currency: 'CHF',
    })
    const { version, settings } = await current()
    const refused = await save(version, { ...settings, currency: 'EUR' })
    expect(refused.status).toBe(400)
    expect(refused.body.data.errors['settings.currency']).toMatchObject({ code: 'currency.locked' })
    expect((await current()).settings.currency).toBe('CHF')
  })

  it('announces the change to every process: another connection hears it and its directory reads the shop again', async () => {
    const heard: (string | undefined)[] = []
    const other = new ShopDirectory(app.database.db, { hostedDomain: HOSTED_DOMAIN, defaultShop: 'alpin' })
    const stop = await app.database.listen(SHOP_CHANGED, (id) => {
      heard.push(id)
      other.forget(id)
    })
    try {
      const before = await other.byHost(`alpin.${HOSTED_DOMAIN}`)
      const { version, settings } = await current()
      settings.labels.title.en = 'Alpine Adventures, heard everywhere'
      expect((await save(version, settings)).status).toBe(200)
      await expect.poll(() => heard, { timeout: 5_000 }).toContain('alpin')
      const after = await other.byHost(`alpin.${HOSTED_DOMAIN}`)
      expect(before.ok && after.ok && [before.shop.config.labels.title.en, after.shop.config.labels.title.en]).toEqual([expect.not.stringContaining('heard'), 'Alpine Adventures, heard everywhere'])
      const [row] = await app.database.db.select({ version: shops.version }).from(shops).where(eq(shops.id, 'alpin'))
      expect(row!.version).toBe(version + 1)
    } finally {
      await stop()
    }
  })
})

describeEachDatabase('settings → offers/activities (openapi/admin.yaml)', (factory) => {
  let app: TestApp
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let manager: string
  let guide: string

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => new Date('2026-11-23T08:00:00Z') })
    ;({ alpin, manager, guide } = await signedInCast(app))
  })
  afterAll(() => app?.close())

  const current = async () => (await alpin.call('GET', '/settings/offers', { session: manager })).body.data
  const save = (version: number, settings: unknown) => alpin.call('PUT', '/settings/offers', { session: manager, body: { version, settings } })

  it('lets managers (not guides) read the tags with their use and the filters', async () => {
    await createOffer(app.database.db, { slug: 'tagged-hike', tags: ['water'] })
    const answer = await current()
    expect(answer.settings.tags.map((t: { slug: string }) => t.slug)).toContain('water')
    expect(answer.usage.water).toBeGreaterThanOrEqual(1)
    expect(answer.settings.filterConfig).toEqual({ tags: true, dateRange: true, type: true, text: true })
    expect((await alpin.call('GET', '/settings/offers', { session: guide })).status).toBe(403)
    expect((await alpin.call('PUT', '/settings/offers', { session: guide, body: { version: answer.version, settings: answer.settings } })).status).toBe(403)
  })

  it('adds a tag with an icon, turns a filter off, removes a tag from the offers that had it; the shop shows it at once', async () => {
    const { version, settings } = await current()
    settings.tags = settings.tags.filter((t: { slug: string }) => t.slug !== 'water')
    settings.tags.push({ slug: 'via-ferrata', label: { de: 'Klettersteig', fr: 'Via ferrata' }, icon: 'mdi:carabiner' })
    settings.filterConfig.dateRange = false
    const saved = await save(version, settings)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.usage.water).toBeUndefined()
    const config = (await (await app.call(`${ALPIN}/api/webshop/v1/config`)).json()).data
    expect(config.tags.find((t: { slug: string }) => t.slug === 'via-ferrata')).toEqual({ slug: 'via-ferrata', label: { de: 'Klettersteig', fr: 'Via ferrata' }, icon: 'mdi:carabiner' })
    expect(config.tags.some((t: { slug: string }) => t.slug === 'water')).toBe(false)
    expect(config.filterConfig.dateRange).toBe(false)
    const [offer] = await app.database.db.select().from(offers).where(eq(offers.slug, 'tagged-hike'))
    expect(offer!.tags).toEqual([])
    const offerHistory = await app.database.db.select().from(changeLog).where(eq(changeLog.subjectId, offer!.id))
    expect(offerHistory).toMatchObject([{ action: 'tag_removed', changes: [{ field: 'tags', before: 'water' }] }])
    const history = (await alpin.call('GET', '/settings/history', { session: manager })).body.data
    expect(history[0].changes.map((c: { field: string }) => c.field)).toEqual(expect.arrayContaining(['filterConfig.dateRange', 'tags.water', 'tags.via-ferrata']))
  })

  it('refuses duplicate slugs, markup in labels, unknown icons and a tag without a name, field by field', async () => {
    const { version, settings } = await current()
    const tags = [
      { slug: 'snow', label: { de: 'Schnee' } },
      { slug: 'snow', label: { de: 'Schnee 2' } },
      { slug: 'x', label: { fr: '<script>alert(1)</script>' } },
      { slug: 'y', label: { de: 'Y' }, icon: 'mdi:no-such-icon-anywhere' },
      { slug: 'z', label: { de: ' ' } },
    ]
    const refused = await save(version, { ...settings, tags })
    expect(refused.status).toBe(400)
    expect(refused.body.data.errors).toMatchObject({
      'settings.tags.1.slug': { code: 'tag.duplicate' },
      'settings.tags.2.label.fr': { code: 'plain_text' },
      'settings.tags.3.icon': { code: 'icon.unknown' },
      'settings.tags.4.label.de': { code: 'required' },
    })
    const bad = await save(version, { ...settings, tags: [{ slug: 'Bad Slug', label: { de: 'x' } }] })
    expect(bad.body.data.errors['settings.tags.0.slug']).toMatchObject({ code: 'invalid_format' })
    expect((await current()).version).toBe(version)
  })
})

describeEachDatabase('settings → the shop\'s domains (openapi/admin.yaml)', (factory) => {
  let app: TestApp
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let atelier: Awaited<ReturnType<typeof staffCalls>>
  let owner: string
  let ownerAtelier: string

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => new Date('2026-11-23T08:00:00Z') })
    ;({ alpin, atelier, owner, atelierOwner: ownerAtelier } = await signedInCast(app))
  })
  afterAll(() => app?.close())

  const configAt = async (host: string) => app.call(`http://${host}/api/webshop/v1/config`)

  it('adds a domain the shop answers on at once, makes it primary, removes it; owners only', async () => {
    expect((await configAt('www.alpin-test.ch')).status).toBe(404)
    const list = await alpin.call('GET', '/settings/domains', { session: owner })
    // The demo shop's own fictional domain is there from the seed.
    expect(list.body.data).toEqual({ hostedAddress: `alpin.${HOSTED_DOMAIN}`, domains: [{ domain: 'www.alpin-abenteuer.ch', primary: false }] })
    const added = await alpin.call('POST', '/settings/domains', { session: owner, body: { domain: 'WWW.Alpin-Test.ch.' } })
    expect(added.status).toBe(201)
    expect(added.body.data.domains).toEqual([{ domain: 'www.alpin-abenteuer.ch', primary: false }, { domain: 'www.alpin-test.ch', primary: false }])
    // No wait: the unknown host's cached 404 was forgotten with the change.
    expect((await (await configAt('www.alpin-test.ch')).json()).data.id).toBe('alpin')
    const primary = await alpin.call('PATCH', '/settings/domains/www.alpin-test.ch', { session: owner, body: { primary: true } })
    expect(primary.body.data.domains).toEqual([{ domain: 'www.alpin-abenteuer.ch', primary: false }, { domain: 'www.alpin-test.ch', primary: true }])
    // The shop's links use it now (its canonical origin comes from the primary domain).
    expect((await new ShopDirectory(app.database.db, { hostedDomain: HOSTED_DOMAIN, defaultShop: 'alpin' }).loadById('alpin'))?.primaryDomain).toBe('www.alpin-test.ch')
    const history = (await alpin.call('GET', '/settings/history', { session: owner })).body.data.map((r: { action: string }) => r.action)
    expect(history.slice(0, 2)).toEqual(['domain_primary', 'domain_added'])
    const removed = await alpin.call('DELETE', '/settings/domains/www.alpin-test.ch', { session: owner })
    expect(removed.body.data.domains).toEqual([{ domain: 'www.alpin-abenteuer.ch', primary: false }])
    expect((await configAt('www.alpin-test.ch')).status).toBe(404)
    const manager = await alpin.signIn('marco@alpin.example')
    expect((await alpin.call('GET', '/settings/domains', { session: manager })).status).toBe(403)
    expect((await alpin.call('POST', '/settings/domains', { session: manager, body: { domain: 'x.example.ch' } })).status).toBe(403)
  })

  it('never takes another shop\'s domain, nor an address below the hosting domain, nor a malformed name', async () => {
    expect((await atelier.call('POST', '/settings/domains', { session: ownerAtelier, body: { domain: 'www.atelier-test.ch' } })).status).toBe(201)
    const taken = await alpin.call('POST', '/settings/domains', { session: owner, body: { domain: 'www.atelier-test.ch' } })
    expect(taken.status).toBe(409)
    expect(taken.body.data.code).toBe('domain.taken')
    expect((await configAt('www.atelier-test.ch')).status).toBe(200)
    for (const [domain, code] of [['atelier.' + HOSTED_DOMAIN, 'domain.hosted'], ['evil.localhost', 'domain.hosted'], ['not a domain', 'domain.invalid'], ['<script>.ch', 'domain.invalid'], ['localhost', 'domain.invalid']] as const) {
      const refused = await alpin.call('POST', '/settings/domains', { session: owner, body: { domain } })
      expect(refused.status, domain).toBe(400)
      expect(refused.body.data.errors.domain, domain).toMatchObject({ code })
    }
    // Another shop's domain is not there for this one: 404, nothing changed.
    expect((await alpin.call('DELETE', '/settings/domains/www.atelier-test.ch', { session: owner })).status).toBe(404)
    expect((await alpin.call('PATCH', '/settings/domains/www.atelier-test.ch', { session: owner, body: { primary: true } })).status).toBe(404)
    expect((await atelier.call('GET', '/settings/domains', { session: ownerAtelier })).body.data.domains).toEqual([
      { domain: 'www.atelier-saveurs.ch', primary: false },
      { domain: 'www.atelier-test.ch', primary: false },
    ])
  })
})
