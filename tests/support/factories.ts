import { randomBytes } from 'node:crypto'
import type { Db } from '../../src/server/db/client'
import { bookingItems, bookings, carts, offers, sessions, skus, type ServiceScheduleBody } from '../../src/server/db/schema'

const id = () => randomBytes(12).toString('base64url')

export type OfferFactoryInput = {
  shopId?: string
  slug: string
  title?: string
  tags?: string[]
  uponRequest?: boolean
  related?: string[]
  skus?: { key: string; type?: 'activity' | 'private-service-slot' | 'private-service-participant'; price?: number; blockCount?: number; maxParticipants?: number; maxQuantity?: number; durationMinutes?: number }[]
  sessions?: { startsAt: Date; capacity: number; placesTaken?: number; minutes?: number }[]
  schedule?: ServiceScheduleBody
}

/** Creates an offer with its variants and sessions exactly as a test needs it. */
export async function createOffer(db: Db, input: OfferFactoryInput) {
  const shopId = input.shopId ?? 'alpin'
  const offerId = id()
  const text = (t: string) => ({ de: `${t} (de)`, en: t, fr: `${t} (fr)` })
  await db.insert(offers).values({
    id: offerId,
    shopId,
    slug: input.slug,
    title: text(input.title ?? input.slug),
    intro: text(`Intro of ${input.slug}`),
    description: text(`<p>About ${input.slug}</p>`),
    images: [],
    tags: input.tags ?? [],
    location: { name: 'Test place', street: 'Weg', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH', latitude: 46.68, longitude: 7.85 },
    uponRequest: input.uponRequest ?? false,
    related: input.related ?? [],
    schedule: input.schedule ?? null,
    position: 1000,
  })
  const skuRows = (input.skus ?? [{ key: 'adult' }]).map((s, index) => ({
    id: id(),
    shopId,
    offerId,
    key: s.key,
    type: s.type ?? 'activity',
    title: text(s.key),
    priceAmount: s.price ?? 10000,
    currency: 'CHF',
    durationMinutes: s.durationMinutes ?? 120,
    blockCount: s.blockCount ?? 1,
    maxParticipants: s.maxParticipants ?? null,
    minQuantity: 0,
    maxQuantity: s.maxQuantity ?? 20,
    position: index,
  }))
  await db.insert(skus).values(skuRows)
  const sessionRows = (input.sessions ?? []).map((s) => ({
    id: id(),
    shopId,
    offerId,
    startsAt: s.startsAt,
    endsAt: new Date(s.startsAt.getTime() + (s.minutes ?? 120) * 60_000),
    capacity: s.capacity,
    placesTaken: s.placesTaken ?? 0,
  }))
  if (sessionRows.length) await db.insert(sessions).values(sessionRows)
  return { offerId, skus: skuRows, sessions: sessionRows }
}

/**
 * A booking of one private-service start of `offer` (its first variant, no session), inserted as
 * the checkout would leave it: `quantity` places, the participants named, the booker's contact.
 * Answers the booking's and the item's ids.
 */
export async function createPrivateBooking(
  db: Db,
  input: {
    offer: Awaited<ReturnType<typeof createOffer>>
    code: string
    startsAt: Date
    minutes: number
    status?: 'CONFIRMED' | 'REQUESTED' | 'ACCEPTED' | 'PAID' | 'DECLINED' | 'CANCELLED'
    person?: { firstname: string; surname: string; phone: string }
    quantity?: number
    participants?: { firstname: string; surname: string; extras: string[] }[]
    shopId?: string
  },
) {
  const shopId = input.shopId ?? 'alpin'
  const cartId = id()
  const bookingId = id()
  const itemId = id()
  const person = input.person ?? { firstname: 'Anna', surname: 'Muster', phone: '+41 79 900 00 00' }
  const participants = input.participants ?? []
  const quantity = input.quantity ?? Math.max(1, participants.length)
  await db.insert(carts).values({ id: cartId, shopId })
  await db.insert(bookings).values({
    id: bookingId,
    shopId,
    code: input.code,
    cartId,
    mode: input.status === 'REQUESTED' || input.status === 'ACCEPTED' || input.status === 'DECLINED' ? 'request' : 'order',
    status: input.status ?? 'CONFIRMED',
    locale: 'de',
    customer: { type: 'PRIVATE' },
    person: { ...person, email: `${input.code.toLowerCase()}@example.ch` },
    address: visitorContact.address,
    paymentMethod: 'PAY_ON_SITE',
    totalAmount: 30000,
    openAmount: 30000,
    currency: 'CHF',
  })
  await db.insert(bookingItems).values({
    id: itemId,
    bookingId,
    shopId,
    offerId: input.offer.offerId,
    skuId: input.offer.skus[0]!.id,
    sessionId: null,
    startsAt: input.startsAt,
    endsAt: new Date(input.startsAt.getTime() + input.minutes * 60_000),
    quantity,
    places: quantity,
    unitAmount: 30000,
    totalAmount: 30000,
    currency: 'CHF',
    participants,
    position: 0,
  })
  return { bookingId, itemId }
}

/** A valid visitor's contact for checkout bodies. */
export const visitorContact = {
  customer: { type: 'PRIVATE' as const },
  person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '+41 79 900 00 00' },
  address: { street: 'Bahnhofstrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
}

/** The checkout body for one cart item of `quantity` places, participants P0…Pn named, terms accepted. */
export function checkoutRequest(itemId: string, quantity: number, options: { mode: 'order' | 'request'; paymentMethod: string }) {
  return {
    mode: options.mode,
    items: [{ itemId, participants: Array.from({ length: quantity }, (_, i) => ({ firstname: `P${i}`, surname: 'Muster', extras: [] })) }],
    ...visitorContact,
    paymentMethod: options.paymentMethod,
    termsAccepted: true,
  }
}
