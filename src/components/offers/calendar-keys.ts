/**
 * The day a key moves to from `index` among the days that can be chosen: arrows by one day or one
 * week (skipping days that cannot be chosen, in the same direction), Home/End to the first/last;
 * null when there is none that way (the key is still the calendar's), undefined for other keys.
 */
export function nextSelectable(dates: string[], selectable: (date: string) => boolean, index: number, key: string): string | null | undefined {
  const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }
  if (key === 'Home') return dates.find(selectable) ?? null
  if (key === 'End') return [...dates].reverse().find(selectable) ?? null
  const step = steps[key]
  if (!step) return undefined
  const unit = Math.sign(step)
  // A week up or down lands on the same weekday; if that day cannot be chosen, the nearest one after
  // it in the same direction can.
  for (let i = index + step; i >= 0 && i < dates.length; i += unit) {
    const date = dates[i]!
    if (selectable(date)) return date
  }
  return null
}
