/**
 * A very short-lived cache for read-heavy answers (offer lists, details, related offers): under
 * load, many visitors ask the same within a second or two. Availability shown there may lag by
 * up to `ttlMs`; holds and bookings are always checked in their own transactions, so this can
 * never oversell. Per process, bounded, nothing another instance needs. `forget(prefix)` drops
 * the entries whose key starts with it (a shop's, after its staff changed something).
 */
export function createMicroCache<T>(ttlMs: number, maxEntries = 500, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<T> }>()
  async function cached(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = entries.get(key)
    if (hit && now() - hit.at < ttlMs) return hit.value
    const value = compute()
    const entry = { at: now(), value }
    entries.set(key, entry)
    // only this entry: a newer one (after a `forget`) stays
    value.catch(() => entries.get(key) === entry && entries.delete(key))
    if (entries.size > maxEntries) {
      for (const [k, v] of entries) if (now() - v.at >= ttlMs || entries.size > maxEntries) entries.delete(k)
    }
    return value
  }
  function forget(prefix: string) {
    for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key)
  }
  return Object.assign(cached, { forget })
}
