/**
 * The mails' Lingui catalogues (`src/locales/{de,en,fr}/mail.po`), read at run time.
 *
 * Mail is rendered by the mail worker, which runs beside the built app in `scripts/serve.ts`
 * (bundled by esbuild into dist/serve.mjs, ADR 042), where neither Lingui's macros nor its `.po` loader (both Vite/Babel
 * plugins) exist. So the templates mark their English source strings with `/*i18n*\/` (what
 * `lingui extract` reads), and this module parses the PO file of a locale once and compiles its
 * messages with Lingui's own compiler. One i18n instance per locale, never the global one.
 * The mail texts have a catalogue of their own so that they do not ship to browsers.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Locale } from '~/lib/locale'

export const MAIL_LOCALES: readonly Locale[] = ['de', 'en', 'fr']

/** Path of a locale's mail catalogue (computed, so that no bundler tries to inline it). */
export function mailCatalogPath(locale: Locale): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'locales', locale, 'mail.po')
}

/**
 * msgid → msgstr of a PO file written by `lingui extract` (single and multi-line strings; the
 * header and entries without a translation are left out; no plurals or contexts are used here).
 */
export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>()
  for (const block of text.split(/\r?\n\s*\r?\n/)) {
    let id: string | undefined
    let str: string | undefined
    let current: 'id' | 'str' | undefined
    for (const line of block.split(/\r?\n/)) {
      const start = /^(msgid|msgstr) (".*")$/.exec(line)
      if (start) {
        current = start[1] === 'msgid' ? 'id' : 'str'
        const value = JSON.parse(start[2]!) as string
        if (current === 'id') id = value
        else str = value
      } else if (current && /^".*"$/.test(line)) {
        const value = JSON.parse(line) as string
        if (current === 'id') id = (id ?? '') + value
        else str = (str ?? '') + value
      } else if (line.startsWith('#~')) {
        current = undefined
      }
    }
    if (id && str) entries.set(id, str)
  }
  return entries
}

const instances = new Map<Locale, I18n>()

export function mailI18n(locale: Locale): I18n {
  let i18n = instances.get(locale)
  if (!i18n) {
    const messages: Messages = {}
    for (const [id, str] of parsePo(readFileSync(mailCatalogPath(locale), 'utf8'))) messages[id] = compileMessage(str)
    i18n = setupI18n({ locale, messages: { [locale]: messages } })
    instances.set(locale, i18n)
  }
  return i18n
}
