/**
 * Where the participants of an offer meet, as the visitor reads it on the offer's page and in every
 * confirmation (page, e-mail, calendar file): the offer's meeting point in the visitor's language
 * when it has one, else its place — the location the page's "meeting point and contact" box shows.
 */
import type { components } from '~/api/schema.gen'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import type { OfferLocation } from '~/server/db/schema'

type LocalizedText = components['schemas']['LocalizedText']

/** A location on one line, as its box shows it: `Klettergarten Gsteigwiler, Lehnstrasse, 3814 Gsteigwiler` (the parts there are). */
export function placeOfLocation(location: Pick<OfferLocation, 'name' | 'street' | 'streetNumber' | 'postalCode' | 'city'>): string {
  const street = [location.street, location.streetNumber].map((p) => p.trim()).filter(Boolean).join(' ')
  const city = [location.postalCode, location.city].map((p) => p.trim()).filter(Boolean).join(' ')
  return [location.name.trim(), street, city].filter(Boolean).join(', ')
}

/** The offer's own meeting point in `locale` (its first text when that language has none), or '' without one. */
export function ownMeetingPoint(meetingPoint: LocalizedText | null | undefined, locale: Locale): string {
  return meetingPoint ? pickText(meetingPoint, locale).trim() : ''
}

/** Where the participants meet: the offer's meeting point, else its place; '' when it has neither. */
export function meetingPointOf(offer: { meetingPoint: LocalizedText | null; location: OfferLocation }, locale: Locale): string {
  return ownMeetingPoint(offer.meetingPoint, locale) || placeOfLocation(offer.location)
}
