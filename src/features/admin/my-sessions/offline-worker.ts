/**
 * The staff app's service worker (public/staff-sw.js), registered by "My sessions" only, for
 * that page's address only (`/{lang}/admin/my-sessions`): it keeps the page itself (network
 * first) and the build's hashed files (`/assets/…`, cache first), so that the page reloads
 * without network. It never keeps API answers: the participants are kept by the page
 * (storage.ts). Visitor pages never register it.
 *
 * A page loaded before the worker was there is not served by it: the page then tells the worker
 * which build files it loaded and that it wants to be kept (one more request of the page).
 */
import type { Locale } from '~/lib/locale'

export const WORKER_URL = '/staff-sw.js'
/** The worker's caches' names start with this (public/staff-sw.js). */
export const WORKER_CACHE_PREFIX = 'staff-offline-'
/** The message the worker answers by keeping the page and the files named. */
export const KEEP_MESSAGE = 'staff-offline:keep'
const MAX_ASSETS = 300

export const workerScope = (lang: Locale) => `/${lang}/admin/my-sessions`

/** The build's files (`/assets/…`) this document has loaded: scripts, styles, fonts. */
export function loadedAssets(doc: Document = document, perf: Pick<Performance, 'getEntriesByType'> | undefined = globalThis.performance): string[] {
  const origin = doc.location.origin
  const urls = [
    ...(perf?.getEntriesByType('resource') ?? []).map((e) => e.name),
    ...Array.from(doc.querySelectorAll<HTMLScriptElement>('script[src]'), (s) => s.src),
    ...Array.from(doc.querySelectorAll<HTMLLinkElement>('link[href]'), (l) => l.href),
  ]
  const paths = new Set<string>()
  for (const url of urls) {
    try {
      const parsed = new URL(url, origin)
      if (parsed.origin === origin && parsed.pathname.startsWith('/assets/')) paths.add(parsed.pathname)
    } catch {
      // not a URL
    }
  }
  return [...paths].slice(0, MAX_ASSETS)
}

/** The registration's worker once it is active (null if it becomes redundant). */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  if (registration.active) return Promise.resolve(registration.active)
  const pending = registration.installing ?? registration.waiting
  if (!pending) return Promise.resolve(null)
  return new Promise((resolve) => {
    pending.addEventListener('statechange', () => {
      if (pending.state === 'activated') resolve(pending)
      else if (pending.state === 'redundant') resolve(null)
    })
  })
}

/** Registers the worker for this page's address and asks it to keep the page and its files. Never throws. */
export async function registerOfflineWorker(lang: Locale): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return
    const container = navigator.serviceWorker
    // Served by the worker: it has kept this answer already (no second request of the page).
    const served = container.controller !== null
    const registration = await container.register(WORKER_URL, { scope: workerScope(lang), updateViaCache: 'none' })
    const worker = await activeWorker(registration)
    const page = served ? undefined : window.location.pathname
    worker?.postMessage({ type: KEEP_MESSAGE, page, assets: loadedAssets() })
  } catch {
    // no worker (blocked, unsupported): the page still works online, and its copy offline after a failed call
  }
}

/** Unregisters the worker and deletes what it kept (signing out). Never throws. */
export async function forgetOfflineWorker(): Promise<void> {
  try {
    if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
      const registrations = await navigator.serviceWorker.getRegistrations()
      await Promise.all(registrations.filter((r) => /\/admin\/my-sessions/.test(r.scope)).map((r) => r.unregister()))
    }
    if (typeof caches !== 'undefined') {
      const names = await caches.keys()
      await Promise.all(names.filter((name) => name.startsWith(WORKER_CACHE_PREFIX)).map((name) => caches.delete(name)))
    }
  } catch {
    // nothing kept, or nothing we may reach
  }
}
