/**
 * How the extras an item's participants chose are charged — the one rule of the server (booking,
 * confirmation) and the browser (checkout total and review): an extra per participant once for
 * each participant who chose it; an extra per booking (`per: 'booking'`, e.g. a private transfer)
 * once in the whole booking however many participants chose it, also when the booking has several
 * variants of the offer (adults and youths are two items of one tour: one transfer, not two). In
 * the offer's order; unknown keys are left out (the checkout refuses them first); a key twice in
 * one participant counts once.
 */
export type ChargedExtra<E> = { extra: E; quantity: number }

/**
 * One item's charged extras. `chargedBefore`: the per-booking extras an earlier item of the same
 * offer in the booking carries already (they are not charged again here).
 */
export function chargedExtras<E extends { per?: string }>(
  extras: readonly E[],
  keyOf: (extra: E) => string,
  participants: readonly { extras: readonly string[] }[],
  chargedBefore: ReadonlySet<string> = new Set(),
): ChargedExtra<E>[] {
  const chosenBy = new Map<string, number>()
  for (const participant of participants) {
    for (const key of new Set(participant.extras)) chosenBy.set(key, (chosenBy.get(key) ?? 0) + 1)
  }
  return extras.flatMap((extra) => {
    const count = chosenBy.get(keyOf(extra)) ?? 0
    if (count === 0) return []
    if (extra.per === 'booking') return chargedBefore.has(keyOf(extra)) ? [] : [{ extra, quantity: 1 }]
    return [{ extra, quantity: count }]
  })
}

/**
 * Every item's charged extras, in the booking's order: a per-booking extra on the first item of
 * its offer whose participants chose it, on none after it.
 */
export function chargedExtrasOfItems<I, E extends { per?: string }>(
  items: readonly I[],
  of: (item: I) => { offer: string; extras: readonly E[]; participants: readonly { extras: readonly string[] }[] },
  keyOf: (extra: E) => string,
): ChargedExtra<E>[][] {
  const charged = new Map<string, Set<string>>()
  return items.map((item) => {
    const { offer, extras, participants } = of(item)
    const before = charged.get(offer) ?? new Set<string>()
    charged.set(offer, before)
    const lines = chargedExtras(extras, keyOf, participants, before)
    for (const line of lines) if (line.extra.per === 'booking') before.add(keyOf(line.extra))
    return lines
  })
}
