/**
 * Security suite (issue 8 §4), against the production build: a shop whose configuration is
 * hostile (markup, event handlers, `javascript:` links, CSS break-outs in colours, written straight
 * into the database as a careless admin tool or a compromised account might) is rendered inert on
 * every page type; framing and host rules hold. No dialog opens, no script of the configuration
 * runs, nothing breaks out of the theme stylesheet. XSRF and rate limiting are in the contract
 * tests (tests/contract/api.contract.test.ts), token entropy in tests/contract/token-entropy.test.ts.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startServeProcess, stopServeProcess, type ServeProcess } from '../../scripts/lib/serve-process'

const PORT = 4187
const ORIGIN = `http://hostile.localhost:${PORT}`

let server: ServeProcess | undefined

test.describe('security: a hostile shop configuration is inert', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    const dataDir = mkdtempSync(join(tmpdir(), 'security-'))
    // The shop goes straight into the database (no validation on the way), in a process of its own.
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/hostile-shop.ts', dataDir], { encoding: 'utf8' })
    if (seeded.status !== 0) throw new Error(`seeding the hostile shop failed:\n${seeded.stdout}${seeded.stderr}`)
    server = await startServeProcess(PORT, { DATA_DIR: dataDir }, 60_000)
  })

  test.afterAll(async () => {
    await stopServeProcess(server)
  })

  async function expectInert(page: Page, path: string) {
    const dialogs: string[] = []
    const errors: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    page.on('pageerror', (e) => errors.push(e.message))
    const response = await page.goto(`${ORIGIN}${path}`)
    expect(response!.status(), path).toBeLessThan(500)
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), `${path}: a configured script ran`).toBeUndefined()
    expect(dialogs, path).toEqual([])
    const found = await page.evaluate(() => {
      const all = [...document.querySelectorAll('*')]
      return {
        handlers: all.flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName} ${a.name}`)),
        jsLinks: [...document.querySelectorAll('[href],[src]')].map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '').filter((u) => /^\s*javascript:/i.test(u)),
        inlineScripts: [...document.querySelectorAll('script:not([src])')].filter((s) => s.getAttribute('type') !== 'application/ld+json' && !s.hasAttribute('nonce') && s.textContent!.trim() !== '').map((s) => s.textContent!.slice(0, 80)),
        // frames other than the shop's own widgets (the widgets page previews them)
        frames: [...document.querySelectorAll('iframe')].filter((f) => { const u = new URL(f.src, location.href); return u.origin !== location.origin || !/^\/(de|en|fr)\/embed\/v1\//.test(u.pathname) }).length,
        svgs: [...document.querySelectorAll('svg[onload]')].length,
        bodyHidden: getComputedStyle(document.body).display === 'none',
        primary: getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
        themeCss: document.getElementById('shop-theme')?.textContent ?? '',
      }
    })
    expect(found.handlers, path).toEqual([])
    expect(found.jsLinks, path).toEqual([])
    expect(found.inlineScripts, path).toEqual([])
    expect(found.frames, path).toBe(0)
    expect(found.svgs, path).toBe(0)
    expect(found.bodyHidden, path).toBe(false)
    // the broken colour was dropped: the default primary applies; the theme stylesheet holds only declarations
    expect(found.themeCss).not.toMatch(/<|script|\}\s*body/i)
    expect(errors, path).toEqual([])
  }

  for (const lang of ['de', 'fr'] as const) {
    test(`every page type of the hostile shop (${lang})`, async ({ page }) => {
      for (const path of [`/${lang}`, `/${lang}/imprint`, `/${lang}/privacy-policy`, `/${lang}/terms-and-conditions`, `/${lang}/widgets`, `/${lang}/embed/v1/search`, `/${lang}/no-such-page`, `/${lang}/checkout/AAAAAAAAAAAAAAAAAAAAAAAA`, `/${lang}/aftersales/payment/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`]) {
        await expectInert(page, path)
      }
      // the text is there, as text
      await page.goto(`${ORIGIN}/${lang}`)
      await expect(page.getByRole('heading', { level: 1 })).toContainText('<script>window.__pwned=1</script>')
      expect(await page.title()).toContain('</title><script>')
    })
  }

  test('the allow-list reaches the framing header only as valid origins', async ({ request }) => {
    const host = { host: `hostile.localhost:${PORT}` } // Node does not resolve *.localhost; the browser does
    const response = await request.get(`http://127.0.0.1:${PORT}/de/embed/v1/search`, { headers: host })
    const csp = response.headers()['content-security-policy']!
    expect(/frame-ancestors ([^;]+)/.exec(csp)?.[1]).toBe("'self' https://ok.example")
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).not.toContain('unsafe-inline')
    const page = await request.get(`http://127.0.0.1:${PORT}/de`, { headers: host })
    expect(page.headers()['x-frame-options']).toBe('DENY')
  })

  test('hosts: too many labels and unknown shops are 404, never another shop', async ({ request }) => {
    const invalid = await request.get(`http://127.0.0.1:${PORT}/de`, { headers: { host: 'a.b.c.d.e.example.ch' } })
    expect(invalid.status()).toBe(404)
    expect(await invalid.text()).toContain('Invalid host')
    const unknown = await request.get(`http://127.0.0.1:${PORT}/api/webshop/v1/config`, { headers: { host: 'nobody.localhost' } })
    expect(unknown.status()).toBe(404)
  })
})
