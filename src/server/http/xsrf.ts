import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'x-xsrf-token'
const MAX_AGE_SECONDS = 60 * 60 * 24

/**
 * Signed double-submit token: `{random}.{hmac(random)}`. The cookie is readable by the shop's
 * scripts (like Laravel Sanctum's), which echo it in `X-XSRF-TOKEN`. A cross-site page can
 * neither read the cookie nor forge a signed value, and a sibling subdomain cannot plant one.
 */
export function createXsrfToken(secret: string): string {
  const nonce = randomBytes(32).toString('base64url')
  return `${nonce}.${sign(secret, nonce)}`
}

function sign(secret: string, nonce: string) {
  return createHmac('sha256', secret).update(`xsrf:${nonce}`).digest('base64url')
}

function safeEqual(a: string, b: string) {
  const ab = Buffer.from(a)
  const bb = Buffer.from(b)
  return ab.length === bb.length && timingSafeEqual(ab, bb)
}

export function verifyXsrf(secret: string, cookieValue: string | undefined, headerValue: string | null) {
  if (!cookieValue || !headerValue) return false
  if (!safeEqual(cookieValue, headerValue)) return false
  const [nonce, mac, extra] = cookieValue.split('.')
  if (!nonce || !mac || extra !== undefined) return false
  return safeEqual(mac, sign(secret, nonce))
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

export function xsrfCookie(token: string, secure: boolean) {
  return `${XSRF_COOKIE}=${token}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`
}
