/**
 * A very short-lived cache for read-heavy answers (offer lists, details, related offers): under
 * load, many visitors ask the same within a second or two. Availability shown there may lag by
 * up to `ttlMs`; holds and bookings are always checked in their own transactions, so this can
 * never oversell. Per process, bounded, nothing another instance needs.
 */
export function createMicroCache<T>(ttlMs: number, maxEntries = 500, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<T> }>()
  return async function cached(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = entries.get(key)
    if (hit && now() - hit.at < ttlMs) return hit.value
    const value = compute()
    entries.set(key, { at: now(), value })
    value.catch(() => entries.delete(key))
    if (entries.size > maxEntries) {
      for (const [k, v] of entries) if (now() - v.at >= ttlMs || entries.size > maxEntries) entries.delete(k)
    }
    return value
  }
}
