import type { components } from '~/api/schema.gen'
import { pickLabel, type Locale } from './locale'
import { mediaUrl } from './media'

type S = components['schemas']

const AVAILABILITY: Record<S['AvailabilityStatus'], string> = {
  AVAILABLE: 'https://schema.org/InStock',
  STOCK_LOW: 'https://schema.org/LimitedAvailability',
  SOLD_OUT: 'https://schema.org/SoldOut',
  UPON_REQUEST: 'https://schema.org/PreOrder',
}

/**
 * schema.org data for a listing page (server-rendered): a Product with its offers, plus the
 * next date as an Event for group activities. `<` is escaped so the JSON cannot end the script.
 */
export function offerJsonLd(offer: S['OfferDetail'], config: Pick<S['ShopConfig'], 'labels'>, lang: Locale, origin: string) {
  const url = `${origin}/${lang}/listing/${offer.slug}`
  const images = offer.coverImages.map((id) => `${origin}${mediaUrl(id, 1024)}`)
  const brand = { '@type': 'Organization', name: pickLabel(config.labels.title, lang), url: `${origin}/${lang}` }
  const offers = offer.skus.map((sku) => ({
    '@type': 'Offer',
    name: sku.title,
    price: (sku.price.amount / 100).toFixed(2),
    priceCurrency: sku.price.currency,
    availability: AVAILABILITY[offer.availability.status],
    url,
  }))
  const place = {
    '@type': 'Place',
    name: offer.location.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: `${offer.location.address.street} ${offer.location.address.streetNumber}`.trim(),
      postalCode: offer.location.address.postalCode,
      addressLocality: offer.location.address.city,
      addressCountry: offer.location.address.country,
    },
    ...(offer.location.latitude !== undefined ? { geo: { '@type': 'GeoCoordinates', latitude: offer.location.latitude, longitude: offer.location.longitude } } : {}),
  }
  const graph: Record<string, unknown>[] = [
    { '@type': 'Product', name: offer.title, description: offer.intro, image: images, url, brand, offers },
  ]
  if (offer.kind === 'activity' && offer.availability.nextDate) {
    graph.push({
      '@type': 'Event',
      name: offer.title,
      description: offer.intro,
      startDate: offer.availability.nextDate,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: place,
      image: images,
      organizer: brand,
      offers,
    })
  }
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': graph }).replace(/</g, '\\u003c')
}
