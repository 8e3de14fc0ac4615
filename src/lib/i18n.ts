import { setupI18n, type I18n } from '@lingui/core'
import { messages as de } from '~/locales/de/messages.po'
import { messages as en } from '~/locales/en/messages.po'
import { messages as fr } from '~/locales/fr/messages.po'
import type { Locale } from './locale'

const catalogs = { de, en, fr }

/** One i18n instance per locale, never the global one (SSR serves many locales at once). */
const instances = new Map<Locale, I18n>()

export function getI18n(locale: Locale): I18n {
  let i18n = instances.get(locale)
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] } })
    instances.set(locale, i18n)
  }
  return i18n
}
