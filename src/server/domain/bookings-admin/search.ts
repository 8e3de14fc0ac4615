/**
 * What the staff typed into the bookings list's search field, understood: a booking code, an
 * e-mail address, a phone number or names. Pure functions (no database), shared by the list and
 * the CSV export; the SQL that uses them is in ./list.ts.
 */

/** Letters folded for searching names: accents off (both cases), hyphens and apostrophes as spaces. */
const FOLD_PAIRS: [string, string][] = [
  ['àáâãäåāăą', 'aaaaaaaaa'],
  ['ÀÁÂÃÄÅĀĂĄ', 'aaaaaaaaa'],
  ['çćĉčċ', 'ccccc'],
  ['ÇĆĈČĊ', 'ccccc'],
  ['ďđ', 'dd'],
  ['ĎĐ', 'dd'],
  ['èéêëēĕėęě', 'eeeeeeeee'],
  ['ÈÉÊËĒĔĖĘĚ', 'eeeeeeeee'],
  ['ĝğġģ', 'gggg'],
  ['ĜĞĠĢ', 'gggg'],
  ['ìíîïĩīĭįı', 'iiiiiiiii'],
  ['ÌÍÎÏĨĪĬĮİ', 'iiiiiiiii'],
  ['ķ', 'k'],
  ['Ķ', 'k'],
  ['ĺļľłŀ', 'lllll'],
  ['ĹĻĽŁĿ', 'lllll'],
  ['ñńņň', 'nnnn'],
  ['ÑŃŅŇ', 'nnnn'],
  ['òóôõöøōŏő', 'ooooooooo'],
  ['ÒÓÔÕÖØŌŎŐ', 'ooooooooo'],
  ['ŕŗř', 'rrr'],
  ['ŔŖŘ', 'rrr'],
  ['śŝşšș', 'sssss'],
  ['ŚŜŞŠȘ', 'sssss'],
  ['ţťțŧ', 'tttt'],
  ['ŢŤȚŦ', 'tttt'],
  ['ùúûüũūŭůűų', 'uuuuuuuuuu'],
  ['ÙÚÛÜŨŪŬŮŰŲ', 'uuuuuuuuuu'],
  ['ŵ', 'w'],
  ['Ŵ', 'w'],
  ['ýÿŷ', 'yyy'],
  ['ÝŸŶ', 'yyy'],
  ['źżž', 'zzz'],
  ['ŹŻŽ', 'zzz'],
  ["-'’‐–.", '      '],
]

/** The `from` and `to` of SQL's `translate(lower(text), FOLD_FROM, FOLD_TO)` (same length: one character each). */
export const FOLD_FROM = FOLD_PAIRS.map(([from]) => from).join('')
export const FOLD_TO = FOLD_PAIRS.map(([, to]) => to).join('')

const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, [...FOLD_TO][i]!]))

/**
 * A name as the search compares it, exactly as SQL's `translate(lower(…), FOLD_FROM, FOLD_TO)`
 * does for the letters folded (ASCII lowered, accents of both cases off), so that the staff's
 * `Müller`, `muller` and `MULLER` all find `Müller`.
 */
export function foldName(text: string): string {
  let out = ''
  for (const c of text) out += FOLD.get(c) ?? (c >= 'A' && c <= 'Z' ? c.toLowerCase() : c)
  return out
}

// Crockford's base32 (the booking codes' alphabet, without I, L, O, U); O is read as 0, I and L as 1.
const CODE_CHARS = /^[0-9A-HJKMNP-TV-Z]{8}$/

/** A booking code in the text (any case, with or without the dash or spaces), as stored: `K7Q2-X9PM`. */
export function codeOf(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  return CODE_CHARS.test(compact) ? `${compact.slice(0, 4)}-${compact.slice(4)}` : null
}

/** At most this many words of a name search count (each must match). */
export const MAX_SEARCH_WORDS = 5

export type BookingSearch =
  | { kind: 'none' }
  /** An e-mail address or its start. */
  | { kind: 'email'; prefix: string; code: null }
  /** The significant digits of a phone number (no country code or leading 0). */
  | { kind: 'phone'; digits: string; code: null }
  /** Words, each the start of a word of the name or company; a text without spaces also the start of the e-mail. */
  | {
      kind: 'name'
      words: string[]
      emailPrefix: string | null
      code: string | null
    }

/**
 * How a search text is read. A code-shaped text is tried as a code first (./list.ts: when the
 * shop has that booking, only it is listed) and else as a name.
 */
export function parseSearch(q: string | undefined): BookingSearch {
  const text = (q ?? '').normalize('NFC').trim()
  if (!text) return { kind: 'none' }
  if (text.includes('@')) return { kind: 'email', prefix: text.toLowerCase(), code: null }
  const digits = text.replace(/\D/g, '')
  if (/^[+\d\s\-/().]+$/.test(text) && digits.length >= 4) {
    // `+41 79 123 45 67`, `0041791234567` and `079 123 45 67` are one number: its last 9 digits
    // (a Swiss or most European national number) or, when shorter, the digits without leading 0s.
    const significant = digits.length > 9 ? digits.slice(-9) : digits.replace(/^0+/, '')
    return { kind: 'phone', digits: significant || digits, code: null }
  }
  const words = foldName(text)
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS)
    .map((w) => w.slice(0, 50))
  if (words.length === 0) return { kind: 'none' }
  return {
    kind: 'name',
    words,
    emailPrefix: /\s/.test(text) ? null : text.toLowerCase(),
    code: codeOf(text),
  }
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g

/** An SQL string literal of a constant of ours (quotes doubled). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/**
 * The searched text of a booking, folded in SQL as `foldName` folds in JavaScript: "first name
 * surname company", lower case, accents off, hyphens and apostrophes as spaces — the definition
 * of the generated column `bookings.search_name` (migration 0012), character for character.
 */
export function foldedNameSql(): string {
  const name = `coalesce(person->>'firstname', '') || ' ' || coalesce(person->>'surname', '') || ' ' || coalesce(customer->>'company', '')`
  return `translate(lower(${name}), ${literal(FOLD_FROM)}, ${literal(FOLD_TO)})`
}

/**
 * A PostgreSQL regular expression (for `search_name ~ pattern`) that finds `word` (folded,
 * lower case, as `parseSearch` gives it) at the start of a word of the folded text: `muller` →
 * `(^|[ …])muller`. Plain letters give the trigram index what it needs to narrow the rows to the
 * few that match (character classes of accented variants gave it nothing).
 */
export function wordStartPattern(word: string): string {
  return `(^|[-\\s'’.,;:/()@&+"])${word.replace(REGEX_SPECIAL, (m) => `\\${m}`)}`
}

/** Digits of a phone number as a LIKE pattern over a stored number's digits (separators dropped): anywhere in it. */
export function phoneDigitsLike(digits: string): string {
  return `%${digits.replace(/\D/g, '')}%`
}

/** A text as a LIKE pattern's literal part (`%`, `_` and `\` escaped with the default escape `\`). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
