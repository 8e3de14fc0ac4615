import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contractFile } from '~/routes/openapi/$name'
import { CONTRACTS, contractUrl } from '~/features/admin/info/contracts'

/** GET /openapi/{name}.yaml: the contract files for developers (the staff app's API reference). */
describe('contract files', () => {
  for (const name of CONTRACTS) {
    it(`serves ${name}.yaml as it is in the repository, cacheable and revalidated by ETag`, async () => {
      expect(contractUrl(name)).toBe(`/openapi/${name}.yaml`)
      const response = contractFile(`${name}.yaml`, null)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/yaml; charset=utf-8')
      expect(response.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate')
      expect(await response.text()).toBe(readFileSync(`openapi/${name}.yaml`, 'utf8'))
      const etag = response.headers.get('etag')!
      expect(etag).toMatch(new RegExp(`^"[^"]+-${name}\\.yaml"$`))
      const again = contractFile(`${name}.yaml`, `"other", ${etag}`)
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      expect(contractFile(`${name}.yaml`, '"other"').status).toBe(200)
    })
  }

  it('answers 404 for any other name, including paths and inherited keys', () => {
    for (const name of ['secrets.yaml', 'admin.yml', '../package.json', 'constructor', 'toString', 'webshop.yaml/', '']) {
      expect(contractFile(name, null).status).toBe(404)
    }
  })
})
