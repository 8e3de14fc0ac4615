import { defineConfig } from 'vitest/config'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { aliases } from './vite-aliases.ts'

export default defineConfig({
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
  resolve: {
    alias: aliases,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
    setupFiles: ['tests/support/i18n-setup.ts', 'tests/support/contract-setup.ts'],
    globalSetup: ['tests/support/contract-global.ts'],
  },
})
