import type { AnyRouter } from '@tanstack/react-router'
import { BUILD_ID } from '~/lib/build-id'

const RELOAD_GUARD_MS = 10_000
const FIRST_CHECK_MS = 1_000
const CHECK_EVERY_MS = 5 * 60_000

export function isChunkLoadError(error: unknown): boolean {
  const message = (error as { message?: string } | null)?.message ?? ''
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  )
}

/**
 * Reloads the page after a failed chunk load, at most once per 10 s per path:
 * a new deployment removed the old chunks, the reload fetches the new ones.
 */
export function reloadOnceAfterChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
  now = Date.now(),
  reload = () => window.location.reload(),
): boolean {
  const key = `webshop:chunk-reload:${window.location.pathname}`
  const last = Number(storage.getItem(key) ?? 0)
  if (now - last < RELOAD_GUARD_MS) return false
  storage.setItem(key, String(now))
  reload()
  return true
}

/**
 * Watches for new deployments: about 1 s after load and then periodically (and when
 * the tab becomes visible) the client asks /_build/latest.json; if the build id changed, the next
 * navigation is a full page load.
 */
export function watchDeployments(router: AnyRouter, fetchImpl: typeof fetch = fetch) {
  let outdated = false
  const check = async () => {
    if (outdated) return
    try {
      const response = await fetchImpl('/_build/latest.json', { cache: 'no-store' })
      if (!response.ok) return
      const { buildId } = (await response.json()) as { buildId?: string }
      if (buildId && buildId !== BUILD_ID) outdated = true
    } catch {
      // offline or restarting: ask again later
    }
  }
  const first = window.setTimeout(check, FIRST_CHECK_MS)
  const every = window.setInterval(check, CHECK_EVERY_MS)
  const onVisible = () => document.visibilityState === 'visible' && void check()
  document.addEventListener('visibilitychange', onVisible)
  const onPreloadError = (event: Event) => {
    event.preventDefault()
    reloadOnceAfterChunkError()
  }
  window.addEventListener('vite:preloadError', onPreloadError)
  const unsubscribe = router.subscribe('onBeforeNavigate', ({ toLocation, pathChanged }) => {
    if (outdated && pathChanged) window.location.assign(toLocation.href)
  })
  return () => {
    window.clearTimeout(first)
    window.clearInterval(every)
    document.removeEventListener('visibilitychange', onVisible)
    window.removeEventListener('vite:preloadError', onPreloadError)
    unsubscribe()
  }
}
