import { defineConfig } from 'vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { fileURLToPath } from 'node:url'

// Plugin order verified in ../shared/TOOLCHAIN.md (trap 3).
export default defineConfig({
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
