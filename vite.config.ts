import { defineConfig } from 'vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { fileURLToPath } from 'node:url'

// Plugin order verified in ../shared/TOOLCHAIN.md (trap 3).
// One id per build: the server answers it at /_build/latest.json, the client compares (issue 3 §9).
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: {
    alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 3000 },
  plugins: [
    tailwindcss(),
    tanstackStart({
      importProtection: {
        client: { files: ['**/src/server/**'] },
      },
    }),
    viteReact(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
  ],
})
