import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

/** Where the staff app's strings live (its own catalogue, out of the visitor's). */
const ADMIN_SOURCES = ['<rootDir>/src/features/admin', '<rootDir>/src/routes/$lang/admin', '<rootDir>/src/machines/admin']

// Source strings are English (ADR 004); every catalogue, en included, is translated.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en', 'fr'],
  fallbackLocales: { default: 'de' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*', '**/server/**', ...ADMIN_SOURCES],
    },
    // The staff app's texts: loaded only by its routes, so visitor pages never carry them.
    {
      path: '<rootDir>/src/locales/{locale}/admin',
      include: ADMIN_SOURCES,
      exclude: ['**/*.test.*'],
    },
    // The e-mails' texts, the staff's exports and the busy page (server only, read at run time by src/server/mail/i18n.ts).
    {
      path: '<rootDir>/src/locales/{locale}/mail',
      include: ['<rootDir>/src/server/mail', '<rootDir>/src/server/exports', '<rootDir>/src/server/http/busy.ts'],
      exclude: ['**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
