import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

/** The loader's stable public URL on every shop host; never versioned by content. */
export const LOADER_PATH = '/embed/v1/loader.js'

export const LOADER_ENTRY = fileURLToPath(new URL('../../src/features/embed/loader.ts', import.meta.url))

/** Builds src/features/embed/loader.ts into the one minified script host pages load; returns its text. */
export async function buildLoader(): Promise<string> {
  const result = await build({
    entryPoints: [LOADER_ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    write: false,
    legalComments: 'none',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no output for the embed loader')
  return output.text
}
