import type { OfferExtraBody } from '~/server/db/schema'

/**
 * What the extras chosen by an item's participants cost: an extra per participant once for each
 * participant who chose it; an extra per booking (`per: 'booking'`, e.g. a private transfer) once
 * however many participants chose it. Unknown keys cost nothing (checkout refuses them first).
 */
export function extrasAmount(extras: OfferExtraBody[], participants: { extras: string[] }[]): number {
  let total = 0
  const perBooking = new Set<string>()
  for (const participant of participants) {
    for (const key of new Set(participant.extras)) {
      const extra = extras.find((e) => e.key === key)
      if (!extra) continue
      if (extra.per === 'booking') perBooking.add(key)
      else total += extra.price
    }
  }
  for (const key of perBooking) total += extras.find((e) => e.key === key)!.price
  return total
}
