// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MySessions } from '~/api/admin-my-sessions.queries'
import { forgetOfflineData } from './offline'
import { loadedAssets, WORKER_CACHE_PREFIX } from './offline-worker'
import { clearOfflineCopies, MAX_COPY_BYTES, OFFLINE_PREFIX, readOfflineCopy, saveOfflineCopy } from './storage'

const LEA = 'staff-lea-0000000001'
const MARCO = 'staff-marco-00000001'
const LOADED = new Date('2026-03-09T17:45:00Z')

const answer = (note = ''): MySessions => ({
  timeZone: 'Europe/Zurich',
  from: '2026-03-09T08:00:00.000Z',
  until: '2026-03-23T20:00:00.000Z',
  truncated: false,
  sessions: [
    {
      kind: 'session',
      id: 'session-canyon-00001',
      offerId: 'offer-canyon-0000001',
      offerTitle: `Canyoning${note}`,
      startsAt: '2026-03-10T08:00:00.000Z',
      endsAt: '2026-03-10T11:30:00.000Z',
      status: 'scheduled',
      capacity: 12,
      placesTaken: 1,
      participants: 1,
      otherGuides: [],
      extras: [],
      bookings: [{ code: 'ZUR1-0001', booker: { firstname: 'Anna', surname: 'Zürcher', phone: '+41 79 111 22 33' }, places: 1, participants: [{ firstname: 'Anna', surname: 'Zürcher', extras: [] }] }],
    },
  ],
})

/** A Storage in memory that can be made to refuse writes (a full one). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>()
  full = false
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('full', 'QuotaExceededError')
    this.items.set(key, value)
  }
  keys() {
    return [...this.items.keys()]
  }
}

let storage: MemoryStorage
beforeEach(() => {
  storage = new MemoryStorage()
})

describe('the offline copy of My sessions', () => {
  it('keeps the last answer per member and language with the time it was loaded', () => {
    expect(saveOfflineCopy(LEA, 'de', answer(), LOADED, storage)).toBe(true)
    expect(saveOfflineCopy(LEA, 'fr', answer(' (fr)'), LOADED, storage)).toBe(true)
    expect(storage.keys()).toEqual([`${OFFLINE_PREFIX}my-sessions:${LEA}:de`, `${OFFLINE_PREFIX}my-sessions:${LEA}:fr`])
    expect(readOfflineCopy(LEA, 'de', storage)).toEqual({ loadedAt: LOADED, data: answer() })
    expect(readOfflineCopy(LEA, 'fr', storage)?.data.sessions[0]!.offerTitle).toBe('Canyoning (fr)')
    expect(readOfflineCopy(LEA, 'en', storage)).toBeNull()
    // a newer answer replaces the copy
    saveOfflineCopy(LEA, 'de', answer(' 2'), new Date('2026-03-10T06:00:00Z'), storage)
    expect(readOfflineCopy(LEA, 'de', storage)).toEqual({ loadedAt: new Date('2026-03-10T06:00:00Z'), data: answer(' 2') })
  })

  it('keeps one member’s copies only: saving removes any other member’s', () => {
    saveOfflineCopy(MARCO, 'de', answer(), LOADED, storage)
    storage.setItem('cart', 'visitor data stays')
    saveOfflineCopy(LEA, 'de', answer(), LOADED, storage)
    expect(readOfflineCopy(MARCO, 'de', storage)).toBeNull()
    expect(readOfflineCopy(LEA, 'de', storage)).not.toBeNull()
    expect(storage.getItem('cart')).toBe('visitor data stays')
  })

  it(`refuses an answer over ${MAX_COPY_BYTES} bytes, and drops the older copy with it`, () => {
    saveOfflineCopy(LEA, 'de', answer(), LOADED, storage)
    // just under the bound is kept; multi-byte characters count as the bytes they take
    const small = answer('x'.repeat(MAX_COPY_BYTES - JSON.stringify({ v: 1, loadedAt: LOADED.toISOString(), data: answer() }).length - 200))
    expect(saveOfflineCopy(LEA, 'de', small, LOADED, storage)).toBe(true)
    const big = answer('ü'.repeat(MAX_COPY_BYTES / 2))
    expect(saveOfflineCopy(LEA, 'de', big, LOADED, storage)).toBe(false)
    expect(readOfflineCopy(LEA, 'de', storage)).toBeNull()
  })

  it('keeps nothing when the storage is full, and never throws', () => {
    saveOfflineCopy(LEA, 'de', answer(), LOADED, storage)
    storage.full = true
    expect(saveOfflineCopy(LEA, 'de', answer(' 2'), LOADED, storage)).toBe(false)
    expect(readOfflineCopy(LEA, 'de', storage)).toBeNull()
  })

  it('reads only copies it wrote (another version, broken text, another shape: none)', () => {
    const key = `${OFFLINE_PREFIX}my-sessions:${LEA}:de`
    for (const text of ['{', JSON.stringify({ v: 2, loadedAt: LOADED.toISOString(), data: answer() }), JSON.stringify({ v: 1, loadedAt: 'yesterday', data: answer() }), JSON.stringify({ v: 1, loadedAt: LOADED.toISOString(), data: { sessions: 'x' } })]) {
      storage.setItem(key, text)
      expect(readOfflineCopy(LEA, 'de', storage), text).toBeNull()
    }
  })

  it('clears every copy of the staff app on signing out, nothing else', () => {
    saveOfflineCopy(LEA, 'de', answer(), LOADED, storage)
    saveOfflineCopy(LEA, 'en', answer(), LOADED, storage)
    storage.setItem(`${OFFLINE_PREFIX}something-else`, 'x')
    storage.setItem('locale', 'de')
    clearOfflineCopies(storage)
    expect(storage.keys()).toEqual(['locale'])
  })
})

describe('signing out of the staff app on this device', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    window.localStorage.clear()
  })

  it('removes the copies, unregisters the worker of My sessions and deletes its caches', async () => {
    saveOfflineCopy(LEA, 'de', answer(), LOADED)
    window.localStorage.setItem('locale', 'de')
    const unregister = vi.fn(async () => true)
    const other = vi.fn(async () => true)
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistrations: async () => [
          { scope: 'http://alpin.shop.test/de/admin/my-sessions', unregister },
          { scope: 'http://alpin.shop.test/somebody-else/', unregister: other },
        ],
      },
    })
    const deleted: string[] = []
    vi.stubGlobal('caches', { keys: async () => [`${WORKER_CACHE_PREFIX}pages-v1`, `${WORKER_CACHE_PREFIX}assets-v1`, 'another-cache'], delete: async (name: string) => deleted.push(name) })
    await forgetOfflineData()
    expect(readOfflineCopy(LEA, 'de')).toBeNull()
    expect(window.localStorage.getItem('locale')).toBe('de')
    expect(unregister).toHaveBeenCalledTimes(1)
    expect(other).not.toHaveBeenCalled()
    expect(deleted).toEqual([`${WORKER_CACHE_PREFIX}pages-v1`, `${WORKER_CACHE_PREFIX}assets-v1`])
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })
})

describe('the build files a page tells the worker to keep', () => {
  it('are the same-origin /assets/ files the document loaded (scripts, styles, resources), once each', () => {
    document.head.innerHTML = `
      <script type="module" src="/assets/main-abc123.js"></script>
      <link rel="stylesheet" href="/assets/styles-def456.css">
      <link rel="modulepreload" href="/assets/framework-0a1b2c.js">
      <link rel="icon" href="/favicon.svg">
      <script src="https://cdn.example/assets/x.js"></script>`
    const perf = { getEntriesByType: () => [{ name: `${location.origin}/assets/route-my-sessions-99aa.js` }, { name: `${location.origin}/api/admin/v1/me` }, { name: `${location.origin}/assets/main-abc123.js` }] as PerformanceEntry[] }
    expect(loadedAssets(document, perf).sort()).toEqual(['/assets/framework-0a1b2c.js', '/assets/main-abc123.js', '/assets/route-my-sessions-99aa.js', '/assets/styles-def456.css'])
    document.head.innerHTML = ''
  })
})
