import { describe, expect, it } from 'vitest'
import { offerJsonLd } from './json-ld'

const offer = {
  slug: 'canyoning',
  title: 'Canyoning </script><script>alert(1)</script>',
  intro: 'Wet fun',
  description: '',
  kind: 'activity' as const,
  mode: 'order' as const,
  coverImages: ['alpin-canyoning-1'],
  tags: [],
  skus: [{ id: 'a', key: 'adult', type: 'activity' as const, title: 'Adult', price: { amount: 12950, currency: 'CHF' }, durationMinutes: 180, blockCount: 1, minQuantity: 0, maxQuantity: 10 }],
  location: { name: 'Grimsel', address: { street: 'Weg', streetNumber: '1', postalCode: '3864', city: 'Guttannen', country: 'CH' }, latitude: 46.6, longitude: 8.3 },
  availability: { status: 'STOCK_LOW' as const, datesAvailable: 3, amountLeft: 2, nextDate: '2026-12-01' },
  related: [],
  timeZone: 'Europe/Zurich',
}
const config = { labels: { title: { en: 'Alpine Adventures' }, slogan: {} } } as never

describe('JSON-LD of a listing page', () => {
  it('describes the offer as a Product and its next date as an Event, with prices and availability', () => {
    const json = JSON.parse(offerJsonLd(offer, config, 'en', 'https://alpin.example.ch'))
    const [product, event] = json['@graph']
    expect(product).toMatchObject({
      '@type': 'Product',
      url: 'https://alpin.example.ch/en/listing/canyoning',
      image: ['https://alpin.example.ch/api/media/v1/media/alpin-canyoning-1.jpg?width=1024'],
      offers: [{ '@type': 'Offer', price: '129.50', priceCurrency: 'CHF', availability: 'https://schema.org/LimitedAvailability' }],
    })
    expect(event).toMatchObject({ '@type': 'Event', startDate: '2026-12-01', location: { '@type': 'Place', address: { addressLocality: 'Guttannen' } } })
  })

  it('cannot close its script element', () => {
    const text = offerJsonLd(offer, config, 'en', 'https://alpin.example.ch')
    expect(text).not.toContain('</script>')
    expect(text).toContain('\\u003c/script>')
  })
})
