/**
 * The copy of "My sessions" kept in the browser (localStorage) so that a guide can read their
 * dates and participants without network: the last answer, per member and language, with the
 * time it was loaded. Personal data, so: one member's copies at a time (saving removes any
 * other member's), at most MAX_COPY_BYTES (a bigger answer is not kept, and the older copy is
 * removed with it), and every copy removed on signing out (`clearOfflineCopies`).
 */
import type { MySessions } from '~/api/admin-my-sessions.queries'
import type { Locale } from '~/lib/locale'

/** Every key of the staff app's offline copies starts with this. */
export const OFFLINE_PREFIX = 'staff-offline:'
/** The largest copy kept (UTF-8 bytes of the stored text). */
export const MAX_COPY_BYTES = 1_000_000

const PREFIX = `${OFFLINE_PREFIX}my-sessions:`
const keyOf = (staffId: string, lang: Locale) => `${PREFIX}${staffId}:${lang}`

export type OfflineCopy = { loadedAt: Date; data: MySessions }

/** The browser's localStorage, or null where there is none or it may not be used (private modes, SSR). */
function local(storage?: Storage): Storage | null {
  if (storage) return storage
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

function keysOf(storage: Storage): string[] {
  const keys: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key !== null) keys.push(key)
  }
  return keys
}

/** Keeps `data` as the member's copy in `lang`; false when it was not kept (too big, storage full or unavailable). */
export function saveOfflineCopy(staffId: string, lang: Locale, data: MySessions, loadedAt: Date, storage?: Storage): boolean {
  const store = local(storage)
  if (!store) return false
  const key = keyOf(staffId, lang)
  try {
    for (const other of keysOf(store)) if (other.startsWith(PREFIX) && !other.startsWith(`${PREFIX}${staffId}:`)) store.removeItem(other)
    const text = JSON.stringify({ v: 1, loadedAt: loadedAt.toISOString(), data })
    if (new TextEncoder().encode(text).length > MAX_COPY_BYTES) {
      store.removeItem(key)
      return false
    }
    store.setItem(key, text)
    return true
  } catch {
    // full (QuotaExceededError) or refused: no copy rather than an old one
    try {
      store.removeItem(key)
    } catch {
      // nothing to do
    }
    return false
  }
}

/** The member's copy in `lang`, or null when there is none (or it is not one this page wrote). */
export function readOfflineCopy(staffId: string, lang: Locale, storage?: Storage): OfflineCopy | null {
  const store = local(storage)
  if (!store) return null
  try {
    const text = store.getItem(keyOf(staffId, lang))
    if (!text) return null
    const parsed = JSON.parse(text) as { v?: unknown; loadedAt?: unknown; data?: Partial<MySessions> }
    const loadedAt = typeof parsed.loadedAt === 'string' ? new Date(parsed.loadedAt) : null
    if (parsed.v !== 1 || !loadedAt || Number.isNaN(loadedAt.getTime())) return null
    if (!parsed.data || typeof parsed.data.timeZone !== 'string' || !Array.isArray(parsed.data.sessions)) return null
    return { loadedAt, data: parsed.data as MySessions }
  } catch {
    return null
  }
}

/** Removes every offline copy of the staff app (signing out). */
export function clearOfflineCopies(storage?: Storage): void {
  const store = local(storage)
  if (!store) return
  try {
    for (const key of keysOf(store)) if (key.startsWith(OFFLINE_PREFIX)) store.removeItem(key)
  } catch {
    // storage refused: nothing was kept either
  }
}
