import { join } from 'node:path'
import { normalizePath, type Plugin } from 'vite'
import type { Generator, GeneratorPlugin, RouteNode } from '@tanstack/router-generator'

/**
 * Two route trees in the browser (ADR 041): the visitor pages load one without the staff app, the
 * staff pages load the whole tree (`src/staff-route-tree.ts`, a chunk of its own). The
 * server, the dev server and the tests use the whole tree everywhere.
 *
 * In the client build, `src/routeTree.gen.ts` imported by anyone but the staff tree's module is
 * the visitor tree: the generator's last crawl without the routes under STAFF_ROUTE_PATH (and
 * without server-only routes, as TanStack Start's own client tree). The staff tree's module gets
 * Start's client tree (`?staff-tree`, loaded by Start's plugin). Place it before `tanstackStart()`
 * and pass `generatorPlugin` in its `router.plugins`.
 */
export const STAFF_ROUTE_PATH = '/$lang/admin'

const STAFF_TREE_QUERY = '?staff-tree'

export default function routeTrees(root = import.meta.dirname): { vitePlugin: Plugin; generatorPlugin: GeneratorPlugin } {
  let generator: Generator | undefined
  const treeFile = normalizePath(join(root, 'src', 'routeTree.gen.ts'))
  const staffTreeModule = normalizePath(join(root, 'src', 'staff-route-tree.ts'))
  const generatorPlugin: GeneratorPlugin = {
    name: 'webshop:visitor-route-tree',
    init: (options) => {
      generator = options.generator
    },
  }
  const vitePlugin: Plugin = {
    name: 'webshop:route-trees',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (!importer || normalizePath(importer) !== staffTreeModule) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved && normalizePath(resolved.id) === treeFile ? `${resolved.id}${STAFF_TREE_QUERY}` : resolved
    },
    async load(id) {
      if (normalizePath(id) !== treeFile) return null
      if (!generator) throw new Error('route-trees: the route generator did not start (is generatorPlugin in tanstackStart({ router: { plugins } })?)')
      const crawl = await generator.getCrawlingResult()
      if (!crawl) throw new Error('route-trees: the route generator has no crawl of src/routes')
      const content = visitorTreeModule(generator, crawl)
      if (content.includes(STAFF_ROUTE_PATH)) throw new Error(`route-trees: the visitor tree still names ${STAFF_ROUTE_PATH}`)
      return { code: content, map: null }
    },
  }
  return { vitePlugin, generatorPlugin }
}

type Crawl = NonNullable<Awaited<ReturnType<Generator['getCrawlingResult']>>>

/** The code of a route tree module (JavaScript, no types), as Start builds its client tree. */
export function treeModule(generator: Generator, crawl: Crawl) {
  return generator.buildRouteTree({ ...crawl, config: { disableTypes: true, enableRouteTreeFormatting: false, routeTreeFileHeader: [], routeTreeFileFooter: [] } }).routeTreeContent
}

/** The visitor tree's module: the crawl without the staff routes and server-only routes. */
export function visitorTreeModule(generator: Generator, crawl: Crawl) {
  const routeNodes: RouteNode[] = []
  const routeTree = visitorNodes(crawl.acc.routeTree, routeNodes)
  return treeModule(generator, { ...crawl, acc: { ...crawl.acc, routeTree, routeNodes } })
}

export function isStaffRoute(node: Pick<RouteNode, 'routePath'>) {
  return node.routePath === STAFF_ROUTE_PATH || !!node.routePath?.startsWith(`${STAFF_ROUTE_PATH}/`)
}

/** Only `server` handlers (an API route): nothing for the browser, as in Start's own client tree. */
function serverOnly(node: RouteNode, keptChildren: RouteNode[]) {
  return node.createFileRouteProps?.has('server') === true && node.createFileRouteProps.size === 1 && keptChildren.length === 0
}

/** The tree without the staff routes and server-only routes; `collected` gets every kept node, children first. */
export function visitorNodes(nodes: RouteNode[], collected: RouteNode[]): RouteNode[] {
  const kept: RouteNode[] = []
  for (const node of nodes) {
    if (isStaffRoute(node)) continue
    const children = visitorNodes(node.children ?? [], collected)
    if (serverOnly(node, children)) continue
    const copy = { ...node, children }
    collected.push(copy)
    kept.push(copy)
  }
  return kept
}
