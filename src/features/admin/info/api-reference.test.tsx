// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getI18n } from '~/lib/i18n'
import { ApiReference } from './api-reference'
import { contractUrl, type ContractName } from './contracts'

const file = (name: ContractName) => readFileSync(join(process.cwd(), 'openapi', `${name}.yaml`), 'utf8')

function renderReference(name: ContractName, answer: (url: string) => Response) {
  const fetch = vi.fn(async (url: string) => answer(url))
  vi.stubGlobal('fetch', fetch)
  render(
    <I18nProvider i18n={getI18n('en')}>
      <ApiReference name={name} lang="en" title="Contract" load={() => import('@scalar/api-reference')} />
    </I18nProvider>,
  )
  return fetch
}

describe('API reference (Scalar)', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  for (const [name, summary] of [
    ['webshop', 'Sets the anti-forgery cookie XSRF-TOKEN.'],
    ['admin', 'Signs in with e-mail and password; sets a new session cookie.'],
  ] as const) {
    it(`renders the operations of the ${name} contract from our own file, and nothing else is fetched`, async () => {
      const fetch = renderReference(name, () => new Response(file(name), { headers: { 'content-type': 'text/yaml' } }))
      const reference = screen.getByTestId('api-reference')
      await waitFor(() => expect(reference.dataset.state).toBe('ready'), { timeout: 20_000 })
      await waitFor(() => expect(reference.textContent).toContain(summary), { timeout: 20_000 })
      expect(fetch.mock.calls.map(([url]) => url)).toEqual([contractUrl(name)])
      // no test-request client, no dark-mode toggle, no AI agent
      expect(reference.querySelector('.show-api-client-button')).toBeNull()
      const results = await axe.run(reference, { runOnly: ['wcag2a', 'wcag21a'], rules: { 'color-contrast': { enabled: false } } })
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
    })
  }

  it('says so when the contract cannot be loaded', async () => {
    renderReference('admin', () => new Response('nope', { status: 500 }))
    expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toHaveProperty('textContent', 'The API reference could not be loaded. Download the contract file instead.')
  })
})
