/**
 * The whole route tree, staff app included, as the browser loads it on a staff page (a chunk of
 * its own). In the client build every other importer of routeTree.gen.ts gets the visitor pages'
 * tree (vite-plugin-route-trees.ts, ADR 041); on the server and in tests both are the whole tree.
 */
export { routeTree } from './routeTree.gen'
