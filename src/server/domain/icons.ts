import { createRequire } from 'node:module'
import { getIconData, iconToHTML, iconToSVG } from '@iconify/utils'
import type { IconifyJSON, IconifyMetaData } from '@iconify/types'

/**
 * Icons named in a shop's config (`prefix:name`): from the icon sets installed with
 * the app first, then from the public Iconify API (500 ms time-out). A bounded in-memory cache
 * (50 entries) keeps hits and misses; a missing icon is `null`, never an exception.
 */
export const ICON_PART = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const ICON_CACHE_SIZE = 50
export const ICON_TIMEOUT_MS = 500
const MISS_TTL_MS = 5 * 60_000

const require = createRequire(import.meta.url)
const localSets: Record<string, () => IconifyJSON> = {
  mdi: () => require('@iconify-json/mdi/icons.json') as IconifyJSON,
}
/** The sets' categories (metadata.json), read only by the staff's icon search (icon-search.ts). */
const localMetadata: Record<string, () => IconifyMetaData> = {
  mdi: () => require('@iconify-json/mdi/metadata.json') as IconifyMetaData,
}
const loaded = new Map<string, IconifyJSON>()

/** The prefixes of the icon sets installed with the app. */
export const LOCAL_ICON_SETS: readonly string[] = Object.keys(localSets)

/** An installed icon set, loaded once; null for any other prefix. */
export function localIconSet(prefix: string): IconifyJSON | null {
  // Own keys only: 'constructor' or '__proto__' must not reach Object.prototype (found by the fuzzer).
  const load = Object.hasOwn(localSets, prefix) ? localSets[prefix] : undefined
  if (!load) return null
  let set = loaded.get(prefix)
  if (!set) {
    set = load()
    loaded.set(prefix, set)
  }
  return set
}

export function localIconMetadata(prefix: string): IconifyMetaData | null {
  return Object.hasOwn(localMetadata, prefix) ? localMetadata[prefix]!() : null
}

/** An icon of an installed set as an SVG document, built by @iconify/utils; null when the set has no such icon. */
export function localIcon(prefix: string, name: string): string | null {
  const set = localIconSet(prefix)
  if (!set) return null
  if (!Object.hasOwn(set.icons, name) && !Object.hasOwn(set.aliases ?? {}, name)) return null
  const data = getIconData(set, name)
  if (!data) return null
  const svg = iconToSVG(data, { height: 'auto' })
  return iconToHTML(svg.body, { xmlns: 'http://www.w3.org/2000/svg', ...svg.attributes })
}

type Entry = { svg: string | null; at: number }

export type IconSource = {
  get(prefix: string, name: string): Promise<string | null>
  readonly size: number
}

export function createIconSource(options: { fetch?: typeof fetch; remoteBase?: string; now?: () => number } = {}): IconSource {
  const fetchImpl = options.fetch ?? fetch
  const remoteBase = options.remoteBase ?? 'https://api.iconify.design'
  const now = options.now ?? Date.now
  const cache = new Map<string, Entry>()

  const remember = (key: string, svg: string | null) => {
    cache.delete(key)
    cache.set(key, { svg, at: now() })
    while (cache.size > ICON_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
    return svg
  }

  async function remoteIcon(prefix: string, name: string): Promise<string | null> {
    try {
      const response = await fetchImpl(`${remoteBase}/${prefix}/${name}.svg`, {
        signal: AbortSignal.timeout(ICON_TIMEOUT_MS),
      })
      if (!response.ok) return null
      const text = await response.text()
      return /^\s*<svg[\s>]/.test(text) && text.length < 50_000 ? text : null
    } catch {
      return null
    }
  }

  return {
    get size() {
      return cache.size
    },
    async get(prefix, name) {
      if (!ICON_PART.test(prefix) || !ICON_PART.test(name)) return null
      const key = `${prefix}:${name}`
      const hit = cache.get(key)
      if (hit && (hit.svg !== null || now() - hit.at < MISS_TTL_MS)) {
        cache.delete(key)
        cache.set(key, hit)
        return hit.svg
      }
      return remember(key, localIcon(prefix, name) ?? (await remoteIcon(prefix, name)))
    },
  }
}

export const icons = createIconSource()
