/**
 * The visitor pages' route tree (vite-plugin-route-trees.ts, ADR 041): the real generator's crawl
 * of src/routes, without the staff app and the server-only routes, every visitor page kept.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Generator, getConfig, type RouteNode } from '@tanstack/router-generator'
import { isStaffRoute, STAFF_ROUTE_PATH, treeModule, visitorNodes, visitorTreeModule } from '../../vite-plugin-route-trees'

const root = join(import.meta.dirname, '..', '..')
const out = mkdtempSync(join(tmpdir(), 'route-trees-'))
let generator: Generator
let all: RouteNode[]

const flatten = (nodes: RouteNode[]): RouteNode[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])])

beforeAll(async () => {
  const config = getConfig({ target: 'react', routesDirectory: join(root, 'src', 'routes'), generatedRouteTree: join(out, 'routeTree.gen.ts') }, root)
  generator = new Generator({ config, root })
  await generator.run()
  all = flatten((await generator.getCrawlingResult())!.acc.routeTree)
})
afterAll(() => rmSync(out, { recursive: true, force: true }))

describe('the visitor route tree', () => {
  it('leaves out every staff route and keeps every visitor page', async () => {
    const crawl = (await generator.getCrawlingResult())!
    const collected: RouteNode[] = []
    const kept = flatten(visitorNodes(crawl.acc.routeTree, collected))
    const staff = all.filter(isStaffRoute)
    expect(staff.map((n) => n.routePath)).toContain('/$lang/admin/_app/sales/bookings/')
    expect(staff.length).toBeGreaterThan(30)
    expect(kept.filter(isStaffRoute)).toEqual([])
    const keptPaths = kept.map((n) => n.routePath)
    for (const page of ['/', '/$lang', '/$lang/_default/', '/$lang/_default/listing/$slug', '/$lang/_default/checkout/$cart/', '/$lang/_minimal/aftersales/payment/$token', '/$lang/_embedded/embed/v1/booking/$slug']) {
      expect(keptPaths, page).toContain(page)
    }
    // every route that is neither the staff app's nor only server handlers is kept
    const serverOnly = (n: RouteNode) => n.createFileRouteProps?.has('server') && n.createFileRouteProps.size === 1
    expect(keptPaths.sort()).toEqual(all.filter((n) => !isStaffRoute(n) && !serverOnly(n)).map((n) => n.routePath).sort())
    expect(collected.map((n) => n.routePath).sort()).toEqual(keptPaths.sort())
  })

  it('builds a tree module that names no staff route', async () => {
    const crawl = (await generator.getCrawlingResult())!
    const code = visitorTreeModule(generator, crawl)
    expect(code).not.toContain(STAFF_ROUTE_PATH)
    expect(code).toContain('routes/$lang/_default/listing.$slug')
    const whole = treeModule(generator, crawl)
    expect(whole).toContain(STAFF_ROUTE_PATH)
  })
})
