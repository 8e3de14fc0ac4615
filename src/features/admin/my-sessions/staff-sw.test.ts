/**
 * The staff app's service worker (public/staff-sw.js), run in a sandbox with a fake Cache
 * Storage and network: the page network first (kept, and shown without network), the build's
 * files cache first, the API never handled (nor kept), the page's "keep" message.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'

const ORIGIN = 'https://alpin.shop.test'
const SOURCE = readFileSync(join(import.meta.dirname, '../../../../public/staff-sw.js'), 'utf8')

type FakeRequest = { url: string; method: string; mode: string }
type Net = (url: string) => Response | Promise<Response>

/** A response as the network gives it (`basic`: same origin), its copies too. */
function basic(response: Response, redirected = false): Response {
  const clone = response.clone.bind(response)
  Object.defineProperties(response, { type: { value: 'basic' }, redirected: { value: redirected }, clone: { value: () => basic(clone(), redirected) } })
  return response
}
const html = (body: string) => basic(new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } }))
const js = (body: string) => basic(new Response(body, { headers: { 'content-type': 'text/javascript' } }))

function worker(network: Net) {
  const stores = new Map<string, Map<string, Response>>()
  const keyOf = (request: string | FakeRequest) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).href
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map())
    const store = stores.get(name)!
    return {
      match: async (request: string | FakeRequest) => store.get(keyOf(request))?.clone(),
      put: async (request: string | FakeRequest, response: Response) => void store.set(keyOf(request), response),
      keys: async () => [...store.keys()].map((url) => ({ url })),
      delete: async (request: FakeRequest) => store.delete(keyOf(request)),
    }
  }
  const handlers = new Map<string, (event: unknown) => void>()
  const fetched: string[] = []
  const self = {
    location: new URL(`${ORIGIN}/staff-sw.js`),
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    skipWaiting: () => {},
    clients: { claim: async () => {} },
  }
  runInNewContext(SOURCE, {
    self,
    caches: { open, keys: async () => [...stores.keys()], delete: async (name: string) => stores.delete(name) },
    fetch: async (request: string | FakeRequest) => {
      const url = keyOf(request)
      fetched.push(url.replace(ORIGIN, ''))
      return network(url)
    },
    URL,
    Response,
    Promise,
    setTimeout,
  })
  /** A fetch event: the answer the worker gave (undefined: not handled) after its work is done. */
  async function request(path: string, mode = 'no-cors', method = 'GET') {
    let answer: Promise<Response> | undefined
    const waits: Promise<unknown>[] = []
    handlers.get('fetch')!({ request: { url: `${ORIGIN}${path}`, method, mode }, respondWith: (p: Promise<Response>) => (answer = p), waitUntil: (p: Promise<unknown>) => waits.push(p) })
    const response = answer ? await answer.catch(() => 'network error' as const) : undefined
    await Promise.all(waits)
    return response
  }
  async function message(data: unknown) {
    const waits: Promise<unknown>[] = []
    handlers.get('message')!({ data, waitUntil: (p: Promise<unknown>) => waits.push(p) })
    await Promise.all(waits)
  }
  const kept = (name: string) => [...(stores.get(`staff-offline-${name}-v1`)?.keys() ?? [])].map((url) => url.replace(ORIGIN, ''))
  return { request, message, kept, fetched }
}

describe('the staff service worker', () => {
  it('answers the page from the network and keeps it; without network, the kept page', async () => {
    let online = true
    const sw = worker((url) => {
      if (!online) throw new TypeError('Failed to fetch')
      return html(`page of ${new URL(url).pathname}`)
    })
    const first = await sw.request('/de/admin/my-sessions?x=1', 'navigate')
    expect(await (first as Response).text()).toBe('page of /de/admin/my-sessions')
    expect(sw.kept('pages')).toEqual(['/de/admin/my-sessions'])
    online = false
    const offline = await sw.request('/de/admin/my-sessions/', 'navigate')
    expect(await (offline as Response).text()).toBe('page of /de/admin/my-sessions')
    // Another page in the scope's prefix, or a navigation elsewhere: not handled.
    expect(await sw.request('/de/admin/my-sessions-other', 'navigate')).toBeUndefined()
    expect(await sw.request('/de/admin', 'navigate')).toBeUndefined()
  })

  it('keeps no redirect (signed out), no error page and nothing but HTML', async () => {
    let answer = () => basic(new Response('sign in', { headers: { 'content-type': 'text/html' } }), true)
    const sw = worker(() => answer())
    await sw.request('/fr/admin/my-sessions', 'navigate')
    answer = () => basic(new Response('oops', { status: 500, headers: { 'content-type': 'text/html' } }))
    await sw.request('/fr/admin/my-sessions', 'navigate')
    answer = () => basic(new Response('{}', { headers: { 'content-type': 'application/json' } }))
    await sw.request('/fr/admin/my-sessions', 'navigate')
    expect(sw.kept('pages')).toEqual([])
  })

  it('never handles or keeps the API (the participants), nor writes', async () => {
    const sw = worker(() => basic(Response.json({ data: { sessions: [] } })))
    expect(await sw.request('/api/admin/v1/me/assigned-sessions')).toBeUndefined()
    expect(await sw.request('/api/admin/v1/session', 'cors', 'DELETE')).toBeUndefined()
    expect(await sw.request('/assets/main-abc.js', 'cors', 'POST')).toBeUndefined()
    expect(sw.fetched).toEqual([])
    expect([...sw.kept('pages'), ...sw.kept('assets')]).toEqual([])
  })

  it('answers the build’s files from its cache first, fetched once', async () => {
    const sw = worker((url) => js(`file ${new URL(url).pathname}`))
    expect(await ((await sw.request('/assets/main-abc.js')) as Response).text()).toBe('file /assets/main-abc.js')
    expect(await ((await sw.request('/assets/main-abc.js')) as Response).text()).toBe('file /assets/main-abc.js')
    expect(sw.fetched).toEqual(['/assets/main-abc.js'])
    expect(sw.kept('assets')).toEqual(['/assets/main-abc.js'])
  })

  it('keeps the page and the files a page names, forgets an older build’s and anything that is not a build file', async () => {
    const sw = worker((url) => (url.endsWith('/my-sessions') ? html('page') : js('file')))
    await sw.request('/assets/old-build-111.js')
    await sw.message({ type: 'staff-offline:keep', page: '/en/admin/my-sessions', assets: ['/assets/main-abc.js', '/assets/app-def.css', '/api/admin/v1/me', '/assets/../secret', 42] })
    expect(sw.kept('assets').sort()).toEqual(['/assets/app-def.css', '/assets/main-abc.js'])
    expect(sw.kept('pages')).toEqual(['/en/admin/my-sessions'])
    // A page outside the scope is not fetched; other messages are ignored.
    await sw.message({ type: 'staff-offline:keep', page: '/en/admin/sales/bookings', assets: [] })
    await sw.message({ type: 'something-else', page: '/de/admin/my-sessions' })
    expect(sw.kept('pages')).toEqual(['/en/admin/my-sessions'])
    expect(sw.fetched.filter((path) => !path.startsWith('/assets/'))).toEqual(['/en/admin/my-sessions'])
    // A page that could not tell its files forgets none.
    await sw.message({ type: 'staff-offline:keep', assets: [] })
    expect(sw.kept('assets').sort()).toEqual(['/assets/app-def.css', '/assets/main-abc.js'])
  })
})
