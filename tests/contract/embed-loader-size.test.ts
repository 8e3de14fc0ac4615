import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { buildLoader } from '../../scripts/lib/build-loader'

const budgets = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'perf-budgets.json'), 'utf8')) as {
  embedLoader: { gzipBytes: number; note: string }
}

it('the embed loader stays within its gzip budget (perf-budgets.json embedLoader)', async () => {
  const code = await buildLoader()
  const raw = Buffer.byteLength(code)
  const gzip = gzipSync(code, { level: 9 }).length
  console.log(`embed loader: ${raw} bytes raw, ${gzip} bytes gzip (budget ${budgets.embedLoader.gzipBytes})`)
  expect(budgets.embedLoader.gzipBytes).toBeGreaterThan(0)
  expect(gzip).toBeLessThanOrEqual(budgets.embedLoader.gzipBytes)
  // what host pages run: one IIFE, no eval, no innerHTML, no storage
  expect(code).toMatch(/^"use strict";\(\(\)=>\{/)
  expect(code).not.toMatch(/\beval\(|innerHTML|document\.cookie|localStorage|sessionStorage/)
})
