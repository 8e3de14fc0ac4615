import type { OfferExtraBody } from '~/server/db/schema'

/** One extra as an item's participants chose it: how many times it is charged and what that costs. */
export type ExtraLine = { extra: OfferExtraBody; quantity: number; amount: number }

/**
 * The extras chosen by an item's participants, in the offer's order: an extra per participant is
 * charged once for each participant who chose it; an extra per booking (`per: 'booking'`, e.g. a
 * private transfer) once however many participants chose it. Unknown keys cost nothing (checkout
 * refuses them first); a key twice in one participant counts once.
 */
export function extrasLines(extras: OfferExtraBody[], participants: { extras: string[] }[]): ExtraLine[] {
  const chosenBy = new Map<string, number>()
  for (const participant of participants) {
    for (const key of new Set(participant.extras)) chosenBy.set(key, (chosenBy.get(key) ?? 0) + 1)
  }
  return extras.flatMap((extra) => {
    const count = chosenBy.get(extra.key) ?? 0
    if (count === 0) return []
    const quantity = extra.per === 'booking' ? 1 : count
    return [{ extra, quantity, amount: quantity * extra.price }]
  })
}

/** What the extras chosen by an item's participants cost (the sum of `extrasLines`). */
export function extrasAmount(extras: OfferExtraBody[], participants: { extras: string[] }[]): number {
  return extrasLines(extras, participants).reduce((sum, line) => sum + line.amount, 0)
}
