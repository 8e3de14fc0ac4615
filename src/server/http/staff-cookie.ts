import { readCookie } from './xsrf'

/**
 * The staff session cookie: HttpOnly, SameSite=Strict, Path=/, no Domain (this host only).
 * Over HTTPS it is `__Host-staff-session` with Secure (the prefix makes browsers refuse one
 * set by a sibling subdomain or over plain HTTP); over plain HTTP (local use) `staff-session`.
 * It lives as long as the browser runs: the server ends the session itself (idle, absolute).
 */
export const STAFF_COOKIE_SECURE = '__Host-staff-session'
export const STAFF_COOKIE_PLAIN = 'staff-session'

export const staffCookieName = (secure: boolean) => (secure ? STAFF_COOKIE_SECURE : STAFF_COOKIE_PLAIN)

export function staffCookie(secret: string, secure: boolean): string {
  return `${staffCookieName(secure)}=${secret}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}

export function clearStaffCookie(secure: boolean): string {
  return `${staffCookieName(secure)}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`
}

/** The session secret a request carries (the `__Host-` cookie wins over the plain one). */
export function readStaffSecret(cookieHeader: string | null): string | undefined {
  return readCookie(cookieHeader, STAFF_COOKIE_SECURE) ?? readCookie(cookieHeader, STAFF_COOKIE_PLAIN)
}
