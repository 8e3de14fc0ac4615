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

const FRAME_PREFIX = 'f1'
const FRAME_TOKEN_SECONDS = 60 * 60 * 24

/**
 * The cookie-less token of embedded widgets (ADR 013): inside a frame on another site the
 * browser neither stores nor sends our SameSite=Lax cookie (and Safari blocks third-party
 * cookies anyway), so /sanctum/csrf-cookie also answers `f1.{expiry}.{random}.{hmac}` in a
 * response header. The frame keeps it in memory and sends it in X-XSRF-TOKEN. A cross-site page
 * can neither read that header (no CORS) nor send a custom header to us (no preflight allowed),
 * so the header alone proves the call comes from the shop's own pages.
 */
export function createFrameToken(secret: string, now = new Date()): string {
  const expiry = Math.floor(now.getTime() / 1000) + FRAME_TOKEN_SECONDS
  const nonce = randomBytes(32).toString('base64url')
  return `${FRAME_PREFIX}.${expiry}.${nonce}.${sign(secret, `${FRAME_PREFIX}.${expiry}.${nonce}`)}`
}

function verifyFrameToken(secret: string, value: string, now: Date) {
  const [prefix, expiry, nonce, mac, extra] = value.split('.')
  if (prefix !== FRAME_PREFIX || !expiry || !/^\d{1,12}$/.test(expiry) || !nonce || !mac || extra !== undefined) return false
  if (Number(expiry) * 1000 <= now.getTime()) return false
  return safeEqual(mac, sign(secret, `${prefix}.${expiry}.${nonce}`))
}

/**
 * A write is allowed with the signed cookie echoed in the header (pages of the shop), or, when
 * the browser sent no XSRF cookie at all (embedded frames), with a valid frame token.
 */
export function verifyXsrf(secret: string, cookieValue: string | undefined, headerValue: string | null, now = new Date()) {
  if (!headerValue) return false
  if (!cookieValue) return verifyFrameToken(secret, headerValue, now)
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
