import { normalizePath, type Plugin } from 'vite'
import { buildLoader, LOADER_ENTRY } from './scripts/lib/build-loader.ts'

const ID = 'virtual:embed-loader'
const RESOLVED = '\0' + ID

/**
 * `import code from 'virtual:embed-loader'`: the built embed loader (src/features/embed/loader.ts,
 * minified IIFE) as a string, for the server to answer at /embed/v1/loader.js (issue 7 §2).
 */
export default function embedLoader(): Plugin {
  return {
    name: 'flowin:embed-loader',
    resolveId(id) {
      return id === ID ? RESOLVED : undefined
    },
    async load(id) {
      if (id !== RESOLVED) return undefined
      this.addWatchFile(LOADER_ENTRY)
      return `export default ${JSON.stringify(await buildLoader())}`
    },
    hotUpdate({ file, modules }) {
      if (file !== normalizePath(LOADER_ENTRY)) return undefined
      const virtual = this.environment.moduleGraph.getModuleById(RESOLVED)
      return virtual ? [...modules, virtual] : undefined
    },
  }
}
