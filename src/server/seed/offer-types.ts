import type { components } from '~/api/schema.gen'
import type { OfferLocation, ServiceScheduleBody } from '~/server/db/schema'

type LocalizedText = components['schemas']['LocalizedText']

export type SkuType = 'activity' | 'private-service-slot' | 'private-service-participant'

/** A bookable variant of an offer. Prices in minor units (Rappen). */
export type DemoSku = {
  /** Stable key within the offer, e.g. 'adult', 'child', 'family'. */
  key: string
  type: SkuType
  title: LocalizedText
  price: number
  durationMinutes: number
  /** Places one unit of this variant takes in a session (group selector block count), default 1. */
  blockCount?: number
  /** private-service-participant: most participants in one private booking. */
  maxParticipants?: number
  minQuantity?: number
  maxQuantity?: number
}

/** How the seed creates dated group sessions, relative to the day it runs. */
export type DemoSessionPlan = {
  /** Weekdays 0–6, Sunday first. */
  weekdays: number[]
  /** Wall-clock start times in the shop's time zone, 'HH:mm'. */
  times: string[]
  capacity: number
  /** How many weeks ahead, from tomorrow (about 13 for three months). */
  weeks: number
  /** Share of places already booked on each session (0–1), to look lived-in. */
  takenShare?: number
  /** Every session fully booked (SOLD_OUT). */
  soldOut?: boolean
  /** Every session has only this many places left (STOCK_LOW). */
  placesLeft?: number
}

/** A private service's bookable start times (spec: weekly opening hours, exceptions, duration, buffer). */
export type DemoSchedule = ServiceScheduleBody

export type DemoOffer = {
  shop: string
  slug: string
  title: LocalizedText
  intro: LocalizedText
  /** Simple HTML (p, ul/li, strong, h3). */
  description: LocalizedText
  /** File names under seed/media/offers (JPEG); the first is the cover. */
  images: string[]
  /** Tag slugs of the offer's shop. */
  tags: string[]
  location: OfferLocation
  /**
   * Where the participants meet, per language, when it is not the location (e.g. the shop's base,
   * with a transfer to the gorge). The description's meeting paragraph starts with it.
   */
  meetingPoint?: LocalizedText
  /** The offer is booked by request: availability is checked afterwards (UPON_REQUEST). */
  uponRequest?: boolean
  /** Slugs of related offers of the same shop ("more offers"). */
  related: string[]
  skus: DemoSku[]
  /** Extras a participant may add (equipment hire, photos …), prices in minor units. */
  extras?: { key: string; title: LocalizedText; price: number }[]
  /** Group activities (SKU type activity). */
  sessions?: DemoSessionPlan
  /** Private services (SKU types private-service-*). */
  schedule?: DemoSchedule
  /** Guides per participants and preparation time (planning, working time); none: one guide, no preparation. */
  staffing?: { participantsPerGuide?: number; preparationMinutes?: number }
}
