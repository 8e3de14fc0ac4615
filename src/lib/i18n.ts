import { setupI18n, type I18n, type Messages } from '@lingui/core'
import type { Locale } from './locale'

/**
 * The visitor catalogues, one chunk per language: a page loads only its own language's (ADR 034).
 * `loadCatalog` must have finished before a language renders — the root route's `beforeLoad`
 * awaits it on the server and on client-side navigation, the client entry before hydrating.
 */
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  de: () => import('~/locales/de/messages.po'),
  en: () => import('~/locales/en/messages.po'),
  fr: () => import('~/locales/fr/messages.po'),
}

const loaded = new Map<Locale, Messages>()
const loading = new Map<Locale, Promise<void>>()

/** One i18n instance per locale, never the global one (SSR serves many locales at once). */
const instances = new Map<Locale, I18n>()

/** Loads a language's catalogue once (later calls share the first); the language's instance gets its messages. */
export function loadCatalog(locale: Locale): Promise<void> {
  let promise = loading.get(locale)
  if (!promise) {
    promise = loaders[locale]().then(({ messages }) => {
      loaded.set(locale, messages)
      instances.get(locale)?.load(locale, messages)
    })
    // A failed load (a network error in the browser) may be tried again.
    promise.catch(() => loading.delete(locale))
    loading.set(locale, promise)
  }
  return promise
}

/** Whether a language's catalogue is there (a page in that language can render). */
export const isCatalogLoaded = (locale: Locale) => loaded.has(locale)

export function getI18n(locale: Locale): I18n {
  let i18n = instances.get(locale)
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: loaded.get(locale) ?? {} } })
    instances.set(locale, i18n)
  }
  return i18n
}
