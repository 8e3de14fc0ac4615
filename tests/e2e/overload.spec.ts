/**
 * A server with more requests than its waiting line takes (REQUEST_QUEUE_LIMIT, ADR 042): the
 * ones over it get 503 at once, a page in the visitor's language or the API's error body, the
 * others are answered, and nothing stays stuck afterwards. Against the production build in a
 * server process of its own, with a gate of one place and a line of two; the place is held by a
 * request whose body is still arriving, so the line is full whatever the machine's speed.
 */
import { mkdtempSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { startServeProcess, stopServeProcess, type ServeProcess } from '../../scripts/lib/serve-process'
import { expectNoAxeViolations } from './fixtures'

const PORT = 4193
let server: ServeProcess | undefined

test.describe('overload: a bounded waiting line', () => {
  test.describe.configure({ mode: 'serial' })
  test.setTimeout(180_000)

  test.beforeAll(async () => {
    server = await startServeProcess(PORT, { DATA_DIR: mkdtempSync(join(tmpdir(), 'overload-')), REQUEST_CONCURRENCY: '1', REQUEST_QUEUE_LIMIT: '2', RATE_LIMIT_READS_PER_MINUTE: '0' }, 120_000)
  })

  test.afterAll(async () => {
    await stopServeProcess(server)
  })

  /**
   * Takes the one place and keeps it: a server function's body is read before anything else, so a
   * POST that has sent the first byte of its body holds the place until `release` sends the rest.
   */
  async function holdThePlace() {
    const [first, rest] = ['{', '"x": 1}']
    const length = String(Buffer.byteLength(first + rest))
    const request = http.request({ host: '127.0.0.1', port: PORT, path: '/_serverFn/held', method: 'POST', headers: { host: `localhost:${PORT}`, 'content-type': 'application/json', 'content-length': length } })
    const answered = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => (response.resume(), resolve(response.statusCode!)))
      request.on('error', reject)
    })
    request.write(first)
    // it is at work once the server has its headers: a request sent after it waits or is refused
    await new Promise((resolve) => setTimeout(resolve, 500))
    return { release: () => (request.end(rest), answered) }
  }

  /** 30 requests at once while the place is held: two wait, the others are refused; then the place is let go. */
  async function flood(path: string, accept: string) {
    const held = await holdThePlace()
    let settled = 0
    const answers = Array.from({ length: 30 }, async () => {
      const response = await fetch(`${server!.origin}${path}`, { headers: { accept } })
      const answer = { status: response.status, retryAfter: response.headers.get('retry-after'), type: response.headers.get('content-type') ?? '', body: await response.text() }
      settled++
      return answer
    })
    await expect.poll(() => settled, { timeout: 30_000 }).toBe(28)
    expect(await held.release()).toBe(404)
    return Promise.all(answers)
  }

  test('pages over the line get the busy page in their language at once, the others their page', async ({ page }) => {
    const answers = await flood('/fr', 'text/html')
    const statuses = answers.map((a) => a.status)
    // the two that waited are answered once the place is free, the others at once with 503
    expect(statuses.filter((s) => s === 200).length, statuses.join(' ')).toBe(2)
    const busy = answers.filter((a) => a.status === 503)
    expect(busy.length).toBe(28)
    for (const answer of busy) {
      expect(answer.retryAfter).toBe('2')
      expect(answer.type).toBe('text/html; charset=utf-8')
      expect(answer.body).toContain('<html lang="fr">')
      expect(answer.body).toContain('<h1>La boutique est très sollicitée en ce moment</h1>')
    }
    // what a visitor sees: readable, and nothing for axe to find
    await page.setContent(busy[0]!.body)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('La boutique est très sollicitée en ce moment')
    await expect(page.getByRole('link', { name: 'Réessayer' })).toHaveAttribute('href', '/fr')
    await expectNoAxeViolations(page)
  })

  test('API calls over the line get the error body with server.busy; afterwards every request is answered again', async () => {
    const answers = await flood('/api/webshop/v1/offers', 'application/json')
    const busy = answers.filter((a) => a.status === 503)
    expect(busy.length).toBe(28)
    expect(answers.filter((a) => a.status === 200).length).toBe(2)
    for (const answer of busy) expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 503, data: { code: 'server.busy', retryAfter: 2 } })
    // the gate let every place go: one request after the other, each answered
    for (const path of ['/de', '/en/listing/does-not-exist', '/api/webshop/v1/config']) {
      const response = await fetch(`${server!.origin}${path}`, { headers: { accept: 'text/html' } })
      expect([path, response.status]).not.toEqual([path, 503])
    }
  })
})
