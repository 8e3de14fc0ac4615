// The JavaScript a page loads, as a browser sees it: every script response until the network is
// idle, raw and gzip-compressed (level 9, what a compressing proxy or CDN would send). Shared by
// `npm run bench` (reports) and tests/e2e/budgets.spec.ts (checks against perf-budgets.json).
import { gzipSync } from 'node:zlib'
import type { Page, Response } from '@playwright/test'

export type ScriptWeight = { files: number; rawBytes: number; gzipBytes: number; bodies: Buffer[] }

export async function scriptWeight(page: Page, url: string): Promise<ScriptWeight> {
  const bodies: Promise<Buffer>[] = []
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => Buffer.alloc(0)))
  }
  page.on('response', onResponse)
  try {
    await page.goto(url, { waitUntil: 'networkidle' })
  } finally {
    page.off('response', onResponse)
  }
  const all = await Promise.all(bodies)
  return {
    files: all.length,
    rawBytes: all.reduce((sum, b) => sum + b.length, 0),
    gzipBytes: all.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
    bodies: all,
  }
}

/** The page types whose weight is measured and budgeted. */
export const PAGE_TYPES = ['home', 'listing', 'checkout', 'payment', 'embedBooking', 'embedSearch'] as const
export type PageType = (typeof PAGE_TYPES)[number]
