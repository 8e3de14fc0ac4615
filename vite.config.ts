import { defineConfig } from 'vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { fileURLToPath } from 'node:url'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import embedLoader from './vite-plugin-embed-loader.ts'
import routeTrees from './vite-plugin-route-trees.ts'
import serveBundle from './vite-plugin-serve-bundle.ts'
import { aliases } from './vite-aliases.ts'

// Plugin order verified in ../shared/TOOLCHAIN.md (trap 3).
/**
 * One id per build: the server answers it at /_build/latest.json, the client compares (issue 3
 * §9). It is a hash of the sources, because Vite evaluates this file once per environment
 * (client, server): a random or time-based id would differ between the two bundles and make
 * every navigation a full page load.
 */
function sourcesHash() {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (!name.endsWith('routeTree.gen.ts')) hash.update(path).update(readFileSync(path))
    }
  }
  walk(fileURLToPath(new URL('./src', import.meta.url)))
  for (const file of ['package-lock.json', 'openapi/webshop.yaml', 'openapi/admin.yaml']) hash.update(readFileSync(fileURLToPath(new URL(`./${file}`, import.meta.url))))
  return hash.digest('hex').slice(0, 16)
}
const buildId = process.env.BUILD_ID ?? sourcesHash()
const trees = routeTrees()

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: {
    alias: aliases,
  },
  server: { port: 3000 },
  environments: {
    // The visitor pages' framework (React, the router, Lingui) in one chunk the entry loads:
    // without it the bundler cut these modules into a dozen small chunks once the staff app
    // shared them, and every visitor page loaded 2-3 KB more (gzip) for the staff app's sake.
    // React Query stays out: the staff app uses more of it than the visitor pages (ADR 024).
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](?!react-query|query-core)[^\\/]+|@lingui)[\\/]/ }] },
          },
        },
      },
    },
  },
  plugins: [
    embedLoader(),
    // the visitor pages' route tree without the staff app (ADR 041); before tanstackStart()
    trees.vitePlugin,
    tailwindcss(),
    tanstackStart({
      router: { plugins: [trees.generatorPlugin] },
      importProtection: {
        client: { files: ['**/src/server/**'] },
      },
    }),
    viteReact(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    serveBundle(),
  ],
})
