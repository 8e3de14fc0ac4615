import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { getI18n } from '~/lib/i18n'
import type { Locale } from '~/lib/locale'

/**
 * The staff app's catalogue, imported on demand by its routes only (a chunk of its own per
 * language): visitor pages never load it. The instance holds the visitor's messages too, so the
 * shared components (error texts, buttons) speak the same language inside the staff app.
 */
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  de: () => import('~/locales/de/admin.po'),
  en: () => import('~/locales/en/admin.po'),
  fr: () => import('~/locales/fr/admin.po'),
}

/** The admin catalogue of a language (the admin root route's loader: it reaches the browser with the page). */
export async function loadAdminMessages(locale: Locale): Promise<Record<string, string>> {
  return (await loaders[locale]()).messages as Record<string, string>
}

const instances = new Map<Locale, I18n>()

/** The staff app's i18n of a language, from the messages its root route loaded. */
export function adminI18n(locale: Locale, messages: Record<string, unknown>): I18n {
  let i18n = instances.get(locale)
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: { ...getI18n(locale).messages, ...(messages as Messages) } } })
    // kept once it has the staff catalogue (a head without the root's data gets a passing one)
    if (Object.keys(messages).length > 0) instances.set(locale, i18n)
  }
  return i18n
}

/** In a route's `head`: the staff i18n from the admin root's loader data among the matches. */
export function adminI18nOf(matches: readonly { routeId: string; loaderData?: unknown }[], locale: Locale): I18n {
  const root = matches.find((m) => m.routeId === '/$lang/admin')?.loaderData as { messages?: Record<string, unknown> } | undefined
  return adminI18n(locale, root?.messages ?? {})
}
