import { chargedExtras, chargedExtrasOfItems } from '~/lib/extras-charges'
import type { BookedExtraLine, OfferExtraBody } from '~/server/db/schema'

/** One extra as an item's participants chose it: how many times it is charged and what that costs. */
export type ExtraLine = { extra: OfferExtraBody; quantity: number; amount: number }

type ItemExtras = { offerId: string; extras: OfferExtraBody[]; participants: { extras: string[] }[] }

/** A charged extra with what it costs. */
const priced = ({ extra, quantity }: { extra: OfferExtraBody; quantity: number }): ExtraLine => ({ extra, quantity, amount: quantity * extra.price })

/**
 * The extras chosen by each item's participants and what each costs, in the booking's order (the
 * rule: src/lib/extras-charges.ts — a per-booking extra once per booking and offer).
 */
export function extrasLinesOfItems(items: readonly ItemExtras[]): ExtraLine[][] {
  return chargedExtrasOfItems(items, (item) => ({ offer: item.offerId, extras: item.extras, participants: item.participants }), (extra) => extra.key).map((lines) => lines.map(priced))
}

/** What the lines cost together. */
export const linesAmount = (lines: readonly ExtraLine[]) => lines.reduce((sum, line) => sum + line.amount, 0)

/**
 * What the extras chosen by one item's participants cost; `chargedBefore`: per-booking extras an
 * earlier item of its offer in the booking carries already.
 */
export function extrasAmount(extras: OfferExtraBody[], participants: { extras: string[] }[], chargedBefore: ReadonlySet<string> = new Set()): number {
  return linesAmount(extrasLinesOfItem(extras, participants, chargedBefore))
}

/** One item's lines; `chargedBefore` as for `extrasAmount`. */
export function extrasLinesOfItem(extras: OfferExtraBody[], participants: { extras: string[] }[], chargedBefore: ReadonlySet<string> = new Set()): ExtraLine[] {
  return chargedExtras(extras, (extra) => extra.key, participants, chargedBefore).map(priced)
}

/** The lines as a booking item keeps them (the extra as it was sold, and how many times). */
export const bookedLines = (lines: readonly ExtraLine[]): BookedExtraLine[] => lines.map(({ extra, quantity }) => ({ ...extra, quantity }))

/** A booking item's kept lines as lines again (each line's amount from its own price). */
export const linesOfBooked = (lines: readonly BookedExtraLine[]): ExtraLine[] =>
  lines.map(({ quantity, ...extra }) => priced({ extra, quantity }))
