import { existsSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startTimesForDate } from '../domain/offers/slots'
import { isValidDate, isValidTime, weekdayOf } from '../domain/offers/zoned-time'
import { demoOffers } from './demo-offers'
import { demoShops } from './demo-shops'

const offersMediaDir = fileURLToPath(new URL('../../../seed/media/offers', import.meta.url))
const MAX_IMAGE_BYTES = 45 * 1024
const ALLOWED_TAGS = new Set(['p', 'h3', 'ul', 'li', 'strong'])

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()
const words = (html: string) => textOf(html).split(' ').filter(Boolean).length

type Lang = 'de' | 'en' | 'fr'

describe('demo offers', () => {
  it('belong to a known shop and have unique kebab-case slugs per shop', () => {
    const shopSlugs = new Set(demoShops.map((s) => s.slug))
    const seen = new Set<string>()
    for (const offer of demoOffers) {
      expect(shopSlugs.has(offer.shop), offer.slug).toBe(true)
      expect(offer.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      const key = `${offer.shop}/${offer.slug}`
      expect(seen.has(key), `duplicate ${key}`).toBe(false)
      seen.add(key)
    }
  })

  it('say for each bookable group activity how many participants a guide leads and its preparation time (planning, working time)', () => {
    const groups = demoOffers.filter((o) => o.sessions && !o.uponRequest && o.skus.every((s) => s.type === 'activity'))
    expect(groups.length).toBeGreaterThanOrEqual(10)
    for (const offer of groups) {
      expect(offer.staffing?.participantsPerGuide, offer.slug).toBeGreaterThanOrEqual(4)
      expect(offer.staffing?.preparationMinutes, offer.slug).toBeGreaterThan(0)
    }
  })

  for (const shop of demoShops) {
    const offers = demoOffers.filter((o) => o.shop === shop.slug)
    const languages = shop.config.languages as Lang[]
    const tagSlugs = new Set((shop.config.tags ?? []).map((t) => t.slug))
    const slugs = new Set(offers.map((o) => o.slug))

    describe(`shop ${shop.slug}`, () => {
      it('has at least 8 offers', () => {
        expect(offers.length).toBeGreaterThanOrEqual(8)
      })

      it.each(offers.map((o) => [o.slug, o] as const))('%s: texts in every shop language, and only those', (_, offer) => {
        const texts = { title: offer.title, intro: offer.intro, description: offer.description }
        const skuTitles = Object.fromEntries(offer.skus.map((s) => [`sku ${s.key}`, s.title]))
        for (const [field, text] of Object.entries({ ...texts, ...skuTitles })) {
          expect(Object.keys(text).sort(), `${offer.slug} ${field}`).toEqual([...languages].sort())
          for (const lang of languages) {
            expect(text[lang]?.trim(), `${offer.slug} ${field} ${lang}`).toBeTruthy()
          }
          expect(text.de ?? '', `${offer.slug} ${field}: Swiss German uses ss`).not.toContain('ß')
        }
      })

      it.each(offers.map((o) => [o.slug, o] as const))('%s: description is simple HTML of 80–200 words', (_, offer) => {
        for (const lang of languages) {
          const html = offer.description[lang] ?? ''
          for (const [, tag] of html.matchAll(/<\/?([a-z0-9]+)[^>]*>/g)) {
            expect(ALLOWED_TAGS.has(tag!), `${offer.slug} ${lang}: <${tag}>`).toBe(true)
          }
          const n = words(html)
          expect(n, `${offer.slug} ${lang}: ${n} words`).toBeGreaterThanOrEqual(80)
          expect(n, `${offer.slug} ${lang}: ${n} words`).toBeLessThanOrEqual(200)
          const introSentences = textOf(offer.intro[lang] ?? '').split(/[.!?](?:\s|$)/).filter((s) => s.trim()).length
          expect(introSentences, `${offer.slug} ${lang} intro`).toBeLessThanOrEqual(2)
        }
      })

      it.each(offers.map((o) => [o.slug, o] as const))('%s: the description names the meeting point the page and the confirmations name', (_, offer) => {
        for (const lang of languages) {
          // the paragraph under the description's first heading ("Treffpunkt", "Meeting point", "Point de rencontre")
          const meeting = textOf(/<\/h3>\s*<p>(.*?)<\/p>/s.exec(offer.description[lang] ?? '')?.[1] ?? '')
          expect(meeting, `${offer.slug} ${lang}`).not.toBe('')
          if (offer.meetingPoint) {
            expect(offer.meetingPoint[lang]?.trim(), `${offer.slug} ${lang}: meeting point`).toBeTruthy()
            expect(meeting.startsWith(offer.meetingPoint[lang]!), `${offer.slug} ${lang}: "${meeting}"`).toBe(true)
          } else {
            // no meeting point of its own: the participants meet at the location the page's box shows
            const first = meeting.split(/\.(?:\s|$)/)[0]!
            const { name, street, city } = offer.location
            expect([name, street, city].some((part) => part && first.includes(part)), `${offer.slug} ${lang}: "${first}" is not at ${name}, ${street}, ${city}`).toBe(true)
          }
        }
      })

      it.each(offers.map((o) => [o.slug, o] as const))('%s: tags, related offers and images exist', (_, offer) => {
        expect(offer.tags.length).toBeGreaterThan(0)
        for (const tag of offer.tags) expect(tagSlugs.has(tag), `tag ${tag}`).toBe(true)
        expect(offer.related.length).toBeGreaterThanOrEqual(2)
        expect(offer.related.length).toBeLessThanOrEqual(3)
        for (const rel of offer.related) {
          expect(slugs.has(rel), `related ${rel}`).toBe(true)
          expect(rel).not.toBe(offer.slug)
        }
        expect(offer.images.length).toBeGreaterThanOrEqual(1)
        expect(offer.images[0]).toBe(`${offer.slug}-1.jpg`)
        for (const image of offer.images) {
          const file = join(offersMediaDir, image)
          expect(existsSync(file), file).toBe(true)
          expect(statSync(file).size, file).toBeLessThan(MAX_IMAGE_BYTES)
        }
      })

      it.each(offers.map((o) => [o.slug, o] as const))('%s: location, SKUs and plan are consistent', (_, offer) => {
        const { location } = offer
        expect(location.name && location.city && location.postalCode && location.country).toBeTruthy()
        // Switzerland, roughly.
        expect(location.latitude).toBeGreaterThan(45.8)
        expect(location.latitude).toBeLessThan(47.9)
        expect(location.longitude).toBeGreaterThan(5.9)
        expect(location.longitude).toBeLessThan(10.6)

        expect(offer.skus.length).toBeGreaterThan(0)
        expect(new Set(offer.skus.map((s) => s.key)).size).toBe(offer.skus.length)
        const types = new Set(offer.skus.map((s) => s.type))
        expect(types.size, 'one SKU type per offer').toBe(1)
        for (const sku of offer.skus) {
          expect(Number.isInteger(sku.price) && sku.price > 0).toBe(true)
          expect(Number.isInteger(sku.durationMinutes) && sku.durationMinutes > 0).toBe(true)
          if (sku.minQuantity !== undefined && sku.maxQuantity !== undefined) expect(sku.minQuantity).toBeLessThanOrEqual(sku.maxQuantity)
        }

        if (types.has('activity')) {
          expect(offer.sessions).toBeDefined()
          expect(offer.schedule).toBeUndefined()
          const plan = offer.sessions!
          expect(plan.weekdays.length).toBeGreaterThan(0)
          for (const d of plan.weekdays) expect(d >= 0 && d <= 6).toBe(true)
          for (const t of plan.times) expect(isValidTime(t), t).toBe(true)
          expect(plan.capacity).toBeGreaterThan(0)
          expect(plan.weeks).toBeGreaterThan(0)
          for (const sku of offer.skus) expect(sku.blockCount ?? 1).toBeLessThanOrEqual(plan.capacity)
          if (plan.placesLeft !== undefined) expect(plan.placesLeft).toBeLessThan(plan.capacity)
          if (plan.takenShare !== undefined) expect(plan.takenShare >= 0 && plan.takenShare <= 1).toBe(true)
        } else {
          expect(offer.schedule).toBeDefined()
          expect(offer.sessions).toBeUndefined()
          // Per participant: one price; per start time: one or more ways to book it, each as long
          // as the opening hours' start times are apart from the next booking.
          if (types.has('private-service-participant')) expect(offer.skus).toHaveLength(1)
          for (const sku of offer.skus) expect(sku.durationMinutes).toBe(offer.schedule!.durationMinutes)
        }
      })

      const activities = offers.filter((o) => o.skus.every((s) => s.type === 'activity'))
      const plainActivities = activities.filter((o) => !o.uponRequest && !o.sessions?.soldOut && o.sessions?.placesLeft === undefined)

      it('covers the required statuses and SKU types', () => {
        expect(plainActivities.length, 'several AVAILABLE group activities').toBeGreaterThanOrEqual(3)
        expect(activities.some((o) => o.skus.length >= 2), 'activity with variants').toBe(true)
        expect(activities.some((o) => o.skus.some((s) => (s.blockCount ?? 1) === 4)), 'family ticket').toBe(true)

        const stockLow = offers.filter((o) => o.sessions?.placesLeft !== undefined)
        expect(stockLow.map((o) => o.slug), 'exactly one STOCK_LOW').toHaveLength(1)
        expect(stockLow[0]!.sessions!.placesLeft).toBe(2)
        expect(stockLow[0]!.uponRequest ?? false).toBe(false)

        const soldOut = offers.filter((o) => o.sessions?.soldOut)
        expect(soldOut.map((o) => o.slug), 'exactly one SOLD_OUT').toHaveLength(1)
        expect(soldOut[0]!.uponRequest ?? false).toBe(false)

        const onRequest = offers.filter((o) => o.uponRequest)
        expect(onRequest.map((o) => o.slug), 'exactly one UPON_REQUEST').toHaveLength(1)
        expect(onRequest[0]!.sessions?.soldOut ?? false).toBe(false)
        expect(onRequest[0]!.sessions?.placesLeft).toBeUndefined()

        const slot = offers.filter((o) => o.skus.some((s) => s.type === 'private-service-slot'))
        expect(slot.map((o) => o.slug), 'exactly one private-service-slot').toHaveLength(1)
        expect(slot[0]!.schedule!.exceptions.length).toBeGreaterThanOrEqual(1)

        const participant = offers.filter((o) => o.skus.some((s) => s.type === 'private-service-participant'))
        expect(participant.map((o) => o.slug), 'exactly one private-service-participant').toHaveLength(1)
        expect(participant[0]!.skus[0]!.maxParticipants).toBeGreaterThan(1)
        if (shop.slug === 'alpin') {
          // A private service with two ways to book one start time: the visitor chooses one.
          expect(slot[0]!.skus.filter((s) => s.type === 'private-service-slot').length).toBeGreaterThanOrEqual(2)
        }
      })

      it.each(offers.filter((o) => o.schedule).map((o) => [o.slug, o] as const))(
        '%s: schedule yields start times, none on closed exception dates',
        (_, offer) => {
          const schedule = { ...offer.schedule!, timeZone: shop.config.timeZone }
          const now = new Date('2026-11-01T08:00:00Z')
          // An ordinary open day in the next weeks has start times.
          const openDays = ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16']
          const open = openDays.filter((d) => startTimesForDate(schedule, d, [], now).length > 0)
          expect(open.length).toBeGreaterThan(0)
          for (const e of schedule.exceptions) {
            expect(isValidDate(e.date), e.date).toBe(true)
            const slots = startTimesForDate(schedule, e.date, [], now)
            if (e.closed === true) expect(slots, e.date).toHaveLength(0)
            else expect(slots.length, e.date).toBeGreaterThan(0)
            // The exception changes an otherwise open day.
            expect(schedule.weeklyHours.some((h) => h.weekday === weekdayOf(e.date)), e.date).toBe(true)
          }
        },
      )
    })
  }
})
