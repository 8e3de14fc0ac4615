// The floor of `npm run bench` (issue 19, point 2): a minimal TanStack Start app of the shop's own
// dependency versions (this checkout's node_modules), one page of about the size of a shop page's
// shell: a root route with a document, a title and a paragraph. Built by scripts/lib/floor.ts to
// bench/floor/dist and served like the shop (srvx, one process): the shop's pages are measured
// against it, so a ratio says how far a page is from what the framework itself costs here.
import { defineConfig } from 'vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  logLevel: 'warn',
  plugins: [tanstackStart(), viteReact()],
})
