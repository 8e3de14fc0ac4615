/**
 * A server with more requests than its waiting line takes (REQUEST_QUEUE_LIMIT, ADR 042): the
 * ones over it get 503 at once, a page in the visitor's language or the API's error body, the
 * others are answered, and nothing stays stuck afterwards. Against the production build in a
 * server process of its own, with a gate of one place and a line of two.
 */
import { mkdtempSync } from 'node:fs'
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

  const flood = (path: string, accept: string) =>
    Promise.all(
      Array.from({ length: 30 }, async () => {
        const response = await fetch(`${server!.origin}${path}`, { headers: { accept } })
        return { status: response.status, retryAfter: response.headers.get('retry-after'), type: response.headers.get('content-type') ?? '', body: await response.text() }
      }),
    )

  test('pages over the line get the busy page in their language at once, the others their page', async ({ page }) => {
    const answers = await flood('/fr', 'text/html')
    const statuses = answers.map((a) => a.status)
    expect(statuses.every((s) => s === 200 || s === 503), statuses.join(' ')).toBe(true)
    // one at work and two waiting when the flood arrives: at least those three are answered
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3)
    const busy = answers.filter((a) => a.status === 503)
    expect(busy.length).toBeGreaterThan(0)
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
    expect(busy.length).toBeGreaterThan(0)
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(3)
    for (const answer of busy) expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 503, data: { code: 'server.busy', retryAfter: 2 } })
    // the gate let every place go: one request after the other, each answered
    for (const path of ['/de', '/en/listing/does-not-exist', '/api/webshop/v1/config']) {
      const response = await fetch(`${server!.origin}${path}`, { headers: { accept: 'text/html' } })
      expect([path, response.status]).not.toEqual([path, 503])
    }
  })
})
