/**
 * How the extras an item's participants chose are charged — the one rule of the server (booking,
 * confirmation) and the browser (checkout total and review): an extra per participant once for
 * each participant who chose it; an extra per booking (`per: 'booking'`, e.g. a private transfer)
 * once however many participants chose it. In the offer's order; unknown keys are left out (the
 * checkout refuses them first); a key twice in one participant counts once.
 */
export type ChargedExtra<E> = { extra: E; quantity: number }

export function chargedExtras<E extends { per?: string }>(
  extras: readonly E[],
  keyOf: (extra: E) => string,
  participants: readonly { extras: readonly string[] }[],
): ChargedExtra<E>[] {
  const chosenBy = new Map<string, number>()
  for (const participant of participants) {
    for (const key of new Set(participant.extras)) chosenBy.set(key, (chosenBy.get(key) ?? 0) + 1)
  }
  return extras.flatMap((extra) => {
    const count = chosenBy.get(keyOf(extra)) ?? 0
    if (count === 0) return []
    return [{ extra, quantity: extra.per === 'booking' ? 1 : count }]
  })
}
