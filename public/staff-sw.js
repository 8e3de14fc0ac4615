/*
 * The staff app's service worker: "My sessions" readable offline once loaded (issue 18, point 5).
 * Registered by that page only (src/features/admin/my-sessions/offline-worker.ts), with the scope
 * `/{lang}/admin/my-sessions`: it sees no other page of the shop or of the staff app.
 *
 * - The page itself (a navigation to `/{lang}/admin/my-sessions`): network first; a successful
 *   HTML answer is kept; without network the kept one is shown (after 10 s of waiting too).
 * - The build's hashed files (`/assets/…`): cache first (their names change with their content).
 * - Anything else, above all the API (personal data): the network, never kept here. The page
 *   keeps its own copy of its answer (localStorage) and removes it on signing out, when it also
 *   unregisters this worker and deletes these caches.
 *
 * Message `{ type: 'staff-offline:keep', page, assets }` (from a page this worker did not serve):
 * keeps `page` and the files named, and forgets kept files that are not named (an older build's).
 */
'use strict'

const PAGES = 'staff-offline-pages-v1'
const ASSETS = 'staff-offline-assets-v1'
const CURRENT = [PAGES, ASSETS]
const PAGE = /^\/(de|en|fr)\/admin\/my-sessions\/?$/
const ASSET = /^\/assets\/[A-Za-z0-9._-]+$/
const MAX_ASSETS = 300
const NETWORK_WAIT_MS = 10_000

self.addEventListener('install', () => {
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys()
      await Promise.all(names.filter((name) => name.startsWith('staff-offline-') && !CURRENT.includes(name)).map((name) => caches.delete(name)))
      await self.clients.claim()
    })(),
  )
})

/** The key a page is kept under: its address without query or trailing slash. */
const pageKey = (url) => `${url.origin}${url.pathname.replace(/\/$/, '')}`

const keepable = (response) =>
  response.ok && response.type === 'basic' && !response.redirected && (response.headers.get('content-type') || '').includes('text/html')

async function keepPage(url, response) {
  if (!keepable(response)) return
  const cache = await caches.open(PAGES)
  await cache.put(pageKey(url), response)
}

function networkFirst(event, url) {
  const network = fetch(event.request)
  // Kept while the page reads the same answer (cloned before the page takes its body).
  event.waitUntil(network.then((response) => keepPage(url, response.clone())).catch(() => {}))
  return (async () => {
    const kept = await (await caches.open(PAGES)).match(pageKey(url))
    if (!kept) return network
    // A slow network does not keep the guide waiting on a mountain: the kept page after a while.
    const late = new Promise((resolve) => setTimeout(() => resolve(kept), NETWORK_WAIT_MS))
    return Promise.race([network.catch(() => kept), late])
  })()
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS)
  const kept = await cache.match(request)
  if (kept) return kept
  const response = await fetch(request)
  if (response.ok && response.type === 'basic') {
    const copy = response.clone()
    const keys = await cache.keys()
    // bounded: the oldest go first
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS + 1))) await cache.delete(old)
    await cache.put(request, copy)
  }
  return response
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate' && PAGE.test(url.pathname)) {
    event.respondWith(networkFirst(event, url))
    return
  }
  if (ASSET.test(url.pathname)) event.respondWith(cacheFirst(request))
  // everything else, the API above all: not handled (the browser asks the network)
})

async function keep(message) {
  const assets = (Array.isArray(message.assets) ? message.assets : []).filter((path) => typeof path === 'string' && ASSET.test(path)).slice(0, MAX_ASSETS)
  const cache = await caches.open(ASSETS)
  const keys = await cache.keys()
  const have = new Set(keys.map((request) => new URL(request.url).pathname))
  const wanted = new Set(assets)
  // An older build's files go; a page that names none (it could not tell) leaves them all.
  if (wanted.size) for (const request of keys) if (!wanted.has(new URL(request.url).pathname)) await cache.delete(request)
  for (const path of assets) {
    if (have.has(path)) continue
    try {
      const response = await fetch(path)
      if (response.ok && response.type === 'basic') await cache.put(path, response)
    } catch {
      // offline again: kept on the next visit
    }
  }
  if (typeof message.page === 'string' && PAGE.test(message.page)) {
    try {
      const url = new URL(message.page, self.location.origin)
      await keepPage(url, await fetch(url.href, { credentials: 'same-origin' }))
    } catch {
      // offline again
    }
  }
}

self.addEventListener('message', (event) => {
  const message = event.data
  if (!message || message.type !== 'staff-offline:keep') return
  // Only pages of this origin within the scope can message this worker.
  event.waitUntil(keep(message))
})
