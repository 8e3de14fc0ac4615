/** Deterministic data for the booking panel's tests (not a test file itself). */
import type { DayAvailability, MonthAvailability, OfferDetail, SessionSlot, Sku } from './booking-panel.machine'

export const NOW = '2025-06-10T08:00:00.000Z'
export const SLUG_ACTIVITY = 'canyoning'

export function sku(partial: Partial<Sku> & Pick<Sku, 'id' | 'type'>): Sku {
  return {
    key: partial.id,
    title: partial.id,
    price: { amount: 1000, currency: 'CHF' },
    durationMinutes: 120,
    blockCount: 1,
    minQuantity: 0,
    maxQuantity: 20,
    ...partial,
  }
}

export function offer(partial: Partial<OfferDetail> & Pick<OfferDetail, 'slug' | 'kind' | 'skus'>): OfferDetail {
  return {
    title: partial.slug,
    intro: '',
    description: '',
    mode: 'order',
    coverImages: [],
    tags: [],
    location: { name: 'Base', address: { street: 'Seestrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' } },
    availability: { status: 'AVAILABLE', datesAvailable: 3 },
    timeZone: 'Europe/Zurich',
    ...partial,
  }
}

export const ADULT = sku({ id: 'sku-adult', type: 'activity', price: { amount: 4500, currency: 'CHF' }, maxQuantity: 10 })
export const FAMILY = sku({ id: 'sku-family', type: 'activity', price: { amount: 12000, currency: 'CHF' }, blockCount: 4, maxQuantity: 2 })

/** A group activity with two variants: adult (1 place) and family (4 places). */
export const activityOffer = offer({ slug: SLUG_ACTIVITY, kind: 'activity', skus: [ADULT, FAMILY] })

/** A private service booked per start time (quantity always 1). */
export const privateSlotOffer = offer({
  slug: 'private-tour',
  kind: 'private',
  skus: [sku({ id: 'sku-private', type: 'private-service-slot', price: { amount: 30000, currency: 'CHF' }, maxQuantity: 1 })],
})

/** A private service booked per participant (1..4). */
export const privateParticipantOffer = offer({
  slug: 'private-guide',
  kind: 'private',
  mode: 'request',
  skus: [sku({ id: 'sku-person', type: 'private-service-participant', price: { amount: 8000, currency: 'CHF' }, maxParticipants: 4, minQuantity: 1 })],
})

function slot(partial: Partial<SessionSlot> & Pick<SessionSlot, 'start' | 'status' | 'placesLeft'>): SessionSlot {
  const startMs = Date.parse(partial.start)
  return {
    end: new Date(startMs + 2 * 3_600_000).toISOString(),
    startTime: new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', minute: '2-digit' }).format(startMs),
    timeStatus: 'inFuture',
    ...partial,
  }
}

/** Months: June has dates (one sold out, one without times left), July none, August one. */
export function monthFor(month: string): MonthAvailability {
  if (month === '2025-06') {
    return {
      month,
      dates: [
        { date: '2025-06-20', status: 'AVAILABLE' },
        { date: '2025-06-21', status: 'SOLD_OUT' },
        { date: '2025-06-22', status: 'STOCK_LOW', amountLeft: 1 },
      ],
    }
  }
  if (month === '2025-08') return { month, dates: [{ date: '2025-08-02', status: 'AVAILABLE' }] }
  return { month, dates: [] }
}

/** Days: the 20th has sessions (6 places, sold out, 3 places); the 22nd has none left. */
export function dayFor(date: string, kind: OfferDetail['kind'] = 'activity'): DayAvailability {
  if (date === '2025-06-20' || date === '2025-08-02') {
    const base = date === '2025-06-20' ? '2025-06-20' : '2025-08-02'
    const slots: SessionSlot[] = [
      slot({ start: `${base}T08:00:00.000Z`, status: 'AVAILABLE', placesLeft: 6 }),
      slot({ start: `${base}T12:00:00.000Z`, status: 'SOLD_OUT', placesLeft: 0 }),
      slot({ start: `${base}T14:00:00.000Z`, status: 'STOCK_LOW', placesLeft: 3, amountLeft: 3 }),
    ]
    return {
      date,
      slots: kind === 'activity' ? slots.map((s, i) => ({ ...s, sessionId: `session-${date}-${i}` })) : slots.map((s) => ({ ...s, placesLeft: s.status === 'SOLD_OUT' ? 0 : 4 })),
    }
  }
  return { date, slots: [] }
}

/** A private service with two slot variants (60 or 90 minutes): one at a time. */
export const privateChoiceOffer = offer({
  slug: 'private-flight',
  kind: 'private',
  skus: [
    sku({ id: 'sku-60', type: 'private-service-slot', price: { amount: 20000, currency: 'CHF' }, durationMinutes: 60, maxQuantity: 1 }),
    sku({ id: 'sku-90', type: 'private-service-slot', price: { amount: 28000, currency: 'CHF' }, durationMinutes: 90, maxQuantity: 1 }),
  ],
})
