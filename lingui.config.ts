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
  ],
  format: formatter({ lineNumbers: false }),
})
