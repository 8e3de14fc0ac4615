import { defineConfig, devices } from '@playwright/test'
import { SERVER_ENV, SERVER_NODE_ARGS } from './scripts/lib/serve-process'

const PORT = Number(process.env.E2E_PORT ?? 4173)
export const baseURL = `http://localhost:${PORT}`

/**
 * End-to-end tests against the production build (dist/) served by dist/serve.mjs on a fresh
 * PGlite data directory, in Debian's Chromium (../shared/TOOLCHAIN.md: flags for this machine).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // a journey over several pages with axe on each takes 20-40 s on the 2-core machine, where two
  // Chromium workers and the server share the cores; journeys marked test.slow() get three times this
  timeout: 60_000,
  // the whole run is bounded too (it takes about 16 minutes on the 2-core machine; CI has 90)
  globalTimeout: 45 * 60_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // model-based tests (tests/model, README "Model-based tests"): paths of the machines run in the UI;
    // a machine's paths one after the other (files in parallel): each path owns its dates, and
    // holds up to 20 places on them
    { name: 'model', testDir: 'tests/model', testMatch: /\.model\.spec\.ts$/, fullyParallel: false, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    // the suite's data: the demo shops, each letting one address hold 400 places (tests/support/e2e-data.ts)
    command: `rm -rf test-results/e2e-data && tsx tests/support/e2e-data.ts test-results/e2e-data && node ${SERVER_NODE_ARGS.join(' ')} dist/serve.mjs`,
    url: `${baseURL}/api/webshop/v1/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      ...SERVER_ENV,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'test-results/e2e-data',
      HOSTED_DOMAIN: 'localhost',
      DEFAULT_TENANT: 'alpin',
      DATABASE_URL: '',
      API_ORIGIN: '',
      // links on http://localhost:PORT (the defaults for HOSTED_DOMAIN=localhost)
      PUBLIC_SCHEME: '',
      PUBLIC_PORT: '',
      // the suite's parallel checkouts all come from 127.0.0.1; the limit itself has its own tests
      RATE_LIMIT_WRITES_PER_MINUTE: '5000',
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      SENTRY_DSN: '',
    },
  },
})
