import { fileURLToPath } from 'node:url'

/** Import aliases of the app, shared by the build (vite.config.ts) and the tests (vitest.config.ts). */
export const aliases = [
  { find: '~', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
  // the API reference's renderer as one self-contained file (src/features/admin/info/renderer.ts)
  { find: /^scalar-standalone(?=\?|$)/, replacement: fileURLToPath(new URL('./node_modules/@scalar/api-reference/dist/browser/standalone.js', import.meta.url)) },
]
