import { chargedExtras } from '~/lib/extras-charges'
import type { OfferExtraBody } from '~/server/db/schema'

/** One extra as an item's participants chose it: how many times it is charged and what that costs. */
export type ExtraLine = { extra: OfferExtraBody; quantity: number; amount: number }

/** The extras chosen by an item's participants and what each costs (the rule: src/lib/extras-charges.ts). */
export function extrasLines(extras: OfferExtraBody[], participants: { extras: string[] }[]): ExtraLine[] {
  return chargedExtras(extras, (extra) => extra.key, participants).map(({ extra, quantity }) => ({ extra, quantity, amount: quantity * extra.price }))
}

/** What the extras chosen by an item's participants cost (the sum of `extrasLines`). */
export function extrasAmount(extras: OfferExtraBody[], participants: { extras: string[] }[]): number {
  return extrasLines(extras, participants).reduce((sum, line) => sum + line.amount, 0)
}
