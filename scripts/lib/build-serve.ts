// The production server as one plain JavaScript module, dist/serve.mjs: scripts/serve.ts and the
// modules of src/ it imports, bundled by esbuild; packages stay in node_modules. `npm start`, the
// Docker image and the tests run it with plain Node, without tsx: tsx kept every transformed
// file's source text and source map in the server's heap, and its loader hooks ran on every
// module the server bundle loads (ADR 042).
import { build, type Plugin } from 'esbuild'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(import.meta.dirname, '..', '..')

export const SERVE_ENTRY = join(root, 'scripts', 'serve.ts')
export const SERVE_BUNDLE = join(root, 'dist', 'serve.mjs')

/**
 * A module of src/ that finds files next to itself (migrations, mail catalogues, seed media)
 * keeps finding them from the bundle: its `import.meta.url`, `.dirname` and `.filename` become
 * its own source file's. The entry keeps its own: it finds dist/ from the bundle's place and
 * starts workers with it.
 */
export function pinImportMeta(source: string, file: string): string {
  if (file === SERVE_ENTRY || !source.includes('import.meta')) return source
  return source
    .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
    .replaceAll('import.meta.dirname', JSON.stringify(dirname(file)))
    .replaceAll('import.meta.filename', JSON.stringify(file))
}

/**
 * A package import stays an import when Node resolves it as written; one it would not (a
 * subpath without its extension, as `dayjs/plugin/utc`, which bundlers accept) is bundled.
 */
export function nodeResolves(specifier: string, from = import.meta.url): boolean {
  try {
    const url = import.meta.resolve(specifier, from)
    return !url.startsWith('file:') || existsSync(fileURLToPath(url))
  } catch {
    return false
  }
}

const serverModules: Plugin = {
  name: 'webshop-serve',
  setup(builder) {
    builder.onResolve({ filter: /^[^./~]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true }
      return nodeResolves(args.path, pathToFileURL(SERVE_ENTRY).href) ? { external: true } : undefined
    })
    builder.onLoad({ filter: /\.tsx?$/ }, async (args) => ({
      contents: pinImportMeta(await readFile(args.path, 'utf8'), args.path),
      loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
    }))
  },
}

/** Writes `outfile` (dist/serve.mjs unless told); returns the source files it holds. */
export async function buildServe(outfile = SERVE_BUNDLE): Promise<string[]> {
  const result = await build({
    entryPoints: [SERVE_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    alias: { '~': join(root, 'src') },
    plugins: [serverModules],
    // the CommonJS modules it bundles (dayjs' plugins) call require()
    banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  })
  return Object.keys(result.metafile.inputs).map((input) => join(root, input).split(sep).join('/'))
}
