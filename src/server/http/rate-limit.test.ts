import { describe, expect, it } from 'vitest'
import { clientAddress, createRateLimiter } from './rate-limit'

describe('rate limiting of writes', () => {
  it('allows the burst, then answers how long to wait, and refills over time', () => {
    let t = 0
    const limiter = createRateLimiter({ perMinute: 6, burst: 3, now: () => t })
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')].every((r) => r.ok)).toBe(true)
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 10 })
    expect(limiter.take('b').ok).toBe(true) // another client is not affected
    t = 10_000
    expect(limiter.take('a').ok).toBe(true)
    expect(limiter.take('a').ok).toBe(false)
  })

  it('forgets the oldest clients first when full', () => {
    const limiter = createRateLimiter({ perMinute: 1, maxKeys: 2, now: () => 0 })
    limiter.take('a')
    limiter.take('b')
    limiter.take('c') // 'a' is dropped
    expect(limiter.take('a').ok).toBe(true)
    expect(limiter.take('c').ok).toBe(false)
  })

  it('takes the address from the socket, or from our proxy only when trusted', () => {
    const request = Object.assign(new Request('http://x/', { headers: { 'x-forwarded-for': '6.6.6.6, 10.0.0.7' } }), { ip: '10.0.0.2' })
    expect(clientAddress(request, false)).toBe('10.0.0.2') // a visitor cannot pick their own bucket
    expect(clientAddress(request, true)).toBe('10.0.0.7')
    expect(clientAddress(new Request('http://x/'), false)).toBe('unknown')
  })
})
