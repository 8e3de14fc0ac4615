/** A visitor's search text as a LIKE pattern matching any part: `%`, `_` and `\` are taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The search text as typed, trimmed, with runs of white space made one; empty means no search. */
export function normaliseSearch(text: string | undefined): string {
  return (text ?? '').trim().replace(/\s+/g, ' ')
}

/** A code typed with or without its dash or in lower case (`k7q2x9pm`) as the stored form `K7Q2-X9PM`; else null. */
export function asBookingCode(text: string): string | null {
  const compact = text.replace(/[\s-]/g, '').toUpperCase()
  return /^[0-9A-Z]{8}$/.test(compact) ? `${compact.slice(0, 4)}-${compact.slice(4)}` : null
}
