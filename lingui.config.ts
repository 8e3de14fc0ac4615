import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Source strings are English (ADR 004); every catalogue, en included, is translated.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en', 'fr'],
  fallbackLocales: { default: 'de' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*', '**/server/**'],
    },
    // The e-mails' texts (server only, read at run time by src/server/mail/i18n.ts).
    {
      path: '<rootDir>/src/locales/{locale}/mail',
      include: ['<rootDir>/src/server/mail'],
      exclude: ['**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
