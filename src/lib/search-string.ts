/**
 * How the router writes and reads a page's search parameters (`createRouter`'s `stringifySearch`
 * and `parseSearch`); the routes' `validateSearch` checks them with ./search-params.
 */
import { defaultParseSearch, stringifySearchWith } from '@tanstack/react-router'

/**
 * A list as it stands in an address: comma-separated, `?tag=water,winter`, not the router's JSON
 * `?tag=["water","winter"]`. Only when the words read back as the same list: none empty or with a
 * comma, and the whole no JSON value (`2024`, `true` would come back as a number or boolean), else
 * JSON as before.
 */
function stringifyValue(value: unknown): string {
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v !== '' && !v.includes(','))) {
    const joined = value.join(',')
    // JSON text starts with whitespace, a digit, '-', '"', '[', '{' or a literal (true, false,
    // null): anything else cannot be JSON, and a thrown parse error costs on every link rendered
    if (!/^[\s\-0-9"[{tfn]/.test(joined)) return joined
    try {
      JSON.parse(joined)
    } catch {
      return joined
    }
  }
  return JSON.stringify(value)
}

const stringifyWithLists = stringifySearchWith(stringifyValue, JSON.parse)

/** The router's `stringifySearch`: lists comma-separated, commas unescaped (they are allowed in a query). */
export const stringifySearch = (search: Record<string, unknown>): string => stringifyWithLists(search).replace(/%2C/gi, ',')

/**
 * The router's `parseSearch`, its default: `a,b` stays a string (the routes' checks split it), and
 * the JSON lists of older addresses (bookmarks) are still read as lists.
 */
export const parseSearch: (search: string) => Record<string, unknown> = defaultParseSearch
