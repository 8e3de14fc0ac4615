import type { ChangeLogEntry } from '~/server/db/schema'

/** Values longer than this (texts, HTML) are recorded as changed without their content. */
const MAX_VALUE_LENGTH = 120
/** At most this many changed fields are recorded per change (the rest are summed up in the last). */
const MAX_FIELDS = 60

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A scalar, a short string or a small array of scalars is kept as it was; anything else is not. */
function small(value: unknown): boolean {
  if (value === undefined || value === null || typeof value === 'number' || typeof value === 'boolean') return true
  if (typeof value === 'string') return value.length <= MAX_VALUE_LENGTH
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'object' || v === null) && JSON.stringify(value).length <= MAX_VALUE_LENGTH
  return false
}

/**
 * The fields (dotted paths, e.g. `labels.title.de`) whose values differ between two versions of an
 * item, with the values before and after where they are small. Arrays of scalars (rgb triples,
 * languages) count as one field; other arrays as one field each too, without their values.
 */
export function changedFields(before: unknown, after: unknown, path = ''): ChangeLogEntry[] {
  const out: ChangeLogEntry[] = []
  walk(before, after, path, out)
  if (out.length <= MAX_FIELDS) return out
  return [...out.slice(0, MAX_FIELDS - 1), { field: `…+${out.length - MAX_FIELDS + 1}` }]
}

/** JSON with object keys sorted: PostgreSQL's jsonb reorders keys, which is no change. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (isPlainObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v))
}

function walk(before: unknown, after: unknown, path: string, out: ChangeLogEntry[]) {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
    for (const key of keys) walk(before[key], after[key], path ? `${path}.${key}` : key, out)
    return
  }
  if (stable(before) === stable(after)) return
  // An empty text and a missing one are the same to a visitor.
  if ((before === undefined || before === '') && (after === undefined || after === '')) return
  const entry: ChangeLogEntry = { field: path }
  if (small(before) && small(after)) {
    if (before !== undefined) entry.before = before
    if (after !== undefined) entry.after = after
  }
  out.push(entry)
}
