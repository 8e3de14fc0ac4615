import type { Plugin } from 'vite'
import { buildServe } from './scripts/lib/build-serve.ts'

/**
 * `vite build` also writes dist/serve.mjs, the production server as plain JavaScript (ADR 042),
 * once the server bundle it loads is written.
 */
export default function serveBundle(): Plugin {
  return {
    name: 'webshop:serve-bundle',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    async closeBundle() {
      await buildServe()
    },
  }
}
