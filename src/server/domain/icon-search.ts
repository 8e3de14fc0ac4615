import { LOCAL_ICON_SETS, localIcon, localIconMetadata, localIconSet } from './icons'

/**
 * The staff's icon picker: searches the icon sets installed with the app, never the public API
 * (its answers would reach the staff's pages unchecked, and the search must work offline). Each
 * set's index (names, the set's aliases and category titles as words) is built once, on the first
 * search, and never grows: its size is the installed sets'. SVGs are built by @iconify/utils
 * from the set only for the icons answered; the query never reaches them, only a looked-up name.
 */
export const ICON_QUERY_MAX = 50
export const ICON_LIMIT_MAX = 96

type Indexed = { name: string; words: string[]; related: string[]; hidden: boolean }
const indexes = new Map<string, Indexed[]>()

const wordsOf = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)

function indexOf(prefix: string): Indexed[] {
  const known = indexes.get(prefix)
  if (known) return known
  const set = localIconSet(prefix)
  if (!set) return []
  const related = new Map<string, Set<string>>()
  const relate = (name: string, words: string[]) => {
    const list = related.get(name) ?? new Set<string>()
    for (const word of words) list.add(word)
    related.set(name, list)
  }
  // An alias (`human-hiking` of `hiking`) is another way to say the same icon.
  for (const [alias, { parent }] of Object.entries(set.aliases ?? {})) relate(parent, wordsOf(alias))
  for (const [category, names] of Object.entries(localIconMetadata(prefix)?.categories ?? {})) {
    for (const name of names) relate(name, wordsOf(category))
  }
  const index = Object.entries(set.icons)
    .map(([name, icon]) => ({ name, words: name.split('-'), related: [...(related.get(name) ?? [])], hidden: icon.hidden === true }))
    .sort((a, b) => a.name.localeCompare(b.name))
  indexes.set(prefix, index)
  return index
}

/** "hike" → "hik", "skiing" → "ski": so that a word finds its other forms (never shorter than 3 letters). */
function stemOf(word: string) {
  const stem = word.replace(/(?:ing|ed|es|e|s)$/, '')
  return stem.length >= 3 ? stem : word
}

/** How a query word matches an icon, best first: it starts a word of the name, its stem does, it (or its stem) starts a word of an alias or a category, it is inside the name. */
function wordRank(icon: Indexed, word: string): number | null {
  const stem = stemOf(word)
  if (icon.words.some((n) => n.startsWith(word))) return 3
  if (icon.words.some((n) => n.startsWith(stem))) return 4
  if (icon.related.some((n) => n.startsWith(word) || n.startsWith(stem))) return 5
  return icon.name.includes(word) ? 6 : null
}

/**
 * How well an icon matches the query's words, lower is better: 0 its exact name; 1 a name that
 * starts with the query's whole words (`ski-water` for "ski"), 2 with its letters (`skip` for
 * "ski"); else the weakest of its words' matches (wordRank), in any order.
 * Hidden (deprecated) icons are found by their exact name only, so a tag that still has one shows it.
 */
function rankOf(icon: Indexed, words: string[], joined: string): number | null {
  if (icon.name === joined) return 0
  if (icon.hidden) return null
  if (icon.name.startsWith(`${joined}-`)) return 1
  if (icon.name.startsWith(joined)) return 2
  let rank = 0
  for (const word of words) {
    const r = wordRank(icon, word)
    if (r === null) return null
    rank = Math.max(rank, r)
  }
  return rank
}

export type IconMatch = { name: string; svg: string }

/**
 * The icons matching `query` (`hiking boot`, `boot hiking`, `mdi:hiking`), best first (then the
 * shorter name, then by name), at most `limit`, and how many match in all. An empty query lists
 * every icon by name; a query with a prefix searches that set only.
 */
export function searchIcons(query: string, limit: number): { total: number; icons: IconMatch[] } {
  const text = query.trim().toLowerCase().slice(0, ICON_QUERY_MAX)
  const prefixed = /^([a-z0-9-]+):(.*)$/.exec(text)
  const prefixes = prefixed ? LOCAL_ICON_SETS.filter((p) => p === prefixed[1]) : LOCAL_ICON_SETS
  const rest = prefixed ? prefixed[2]! : text
  const words = wordsOf(rest)
  if (words.length === 0 && rest.trim() !== '') return { total: 0, icons: [] }
  const joined = words.join('-')

  const found: { prefix: string; name: string; rank: number }[] = []
  for (const prefix of prefixes) {
    for (const icon of indexOf(prefix)) {
      const rank = words.length === 0 ? (icon.hidden ? null : 0) : rankOf(icon, words, joined)
      if (rank !== null) found.push({ prefix, name: icon.name, rank })
    }
  }
  if (words.length > 0) found.sort((a, b) => a.rank - b.rank || a.name.length - b.name.length || a.name.localeCompare(b.name))
  const size = Math.min(Math.max(1, Math.trunc(limit)), ICON_LIMIT_MAX)
  const icons = found.slice(0, size).flatMap(({ prefix, name }) => {
    const svg = localIcon(prefix, name)
    return svg ? [{ name: `${prefix}:${name}`, svg }] : []
  })
  return { total: found.length, icons }
}
