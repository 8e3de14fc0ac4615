/**
 * Rate limiting of visitors' writes: a token bucket per shop and client address,
 * in the process. Each process limits on its own: with N processes behind a proxy a client gets at
 * most N times the rate, which is still a limit, and no process needs another's state.
 */
export type RateLimiter = {
  /** Takes one token; says how long to wait when there is none. */
  take: (key: string) => { ok: true } | { ok: false; retryAfterSeconds: number }
}

export function createRateLimiter(options: { perMinute: number; burst?: number; now?: () => number; maxKeys?: number }): RateLimiter {
  const capacity = Math.max(1, options.burst ?? options.perMinute)
  const refillPerMs = options.perMinute / 60_000
  const maxKeys = options.maxKeys ?? 50_000
  const now = options.now ?? Date.now
  const buckets = new Map<string, { tokens: number; at: number }>()
  return {
    take(key) {
      const t = now()
      let bucket = buckets.get(key)
      if (bucket) {
        bucket.tokens = Math.min(capacity, bucket.tokens + (t - bucket.at) * refillPerMs)
        bucket.at = t
        // most recently used last, so the oldest go first when the map is full
        buckets.delete(key)
        buckets.set(key, bucket)
      } else {
        if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value!)
        bucket = { tokens: capacity, at: t }
        buckets.set(key, bucket)
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return { ok: true }
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000)) }
    },
  }
}

/**
 * The client's address: the socket's (srvx sets `request.ip`), or behind a proxy we trust
 * (TRUST_PROXY) the last X-Forwarded-For entry, the one our own proxy added.
 */
export function clientAddress(request: Request, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')
    const last = forwarded?.split(',').map((s) => s.trim()).filter(Boolean).pop()
    if (last) return last
  }
  return (request as Request & { ip?: string }).ip ?? 'unknown'
}
