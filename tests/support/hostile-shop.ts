/**
 * Seeds DATA_DIR (argument) with the demo shops and a shop `hostile` whose configuration tries
 * every injection (tests/e2e/security.spec.ts), written straight into the database.
 */
import { join } from 'node:path'
import { openDatabase } from '../../src/server/db/client'
import { prepareData } from '../../src/server/prepare'
import { shops } from '../../src/server/db/schema'
import { demoShops } from '../../src/server/seed/demo-shops'

export const MARKUP = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">"'><svg onload=window.__pwned=3>`

export function hostileConfig() {
  const base = structuredClone(demoShops[0]!.config) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
  const text = (s: string) => ({ de: s, en: s, fr: s })
  base.labels = { title: text(`Hostile ${MARKUP}`), slogan: text(`</title><script>window.__pwned=4</script>`) }
  base.contact = {
    ...base.contact,
    name: `Contact ${MARKUP}`,
    website: 'javascript:window.__pwned=5',
    phone: '"><script>window.__pwned=6</script>',
    openingHours: text(`<b onmouseover="window.__pwned=7">hours</b>`),
  }
  base.theme = {
    colorPalette: {
      ...base.theme.colorPalette,
      primary: { background: '0 0 0);}</style><script>window.__pwned=8</script><style>', foreground: [255, 255, 255] },
      'x;}body{display:none}': { background: [1, 2, 3], foreground: [1, 2, 3] },
    },
  }
  base.tags = [{ slug: 'evil', label: text(`<img src=x onerror="window.__pwned=9">`), icon: '../../../etc/passwd' }]
  const legal = text(`<p>Legal</p><script>window.__pwned=10</script><a href="javascript:window.__pwned=11">click</a><img src=x onerror="window.__pwned=12"><iframe src="https://evil.example"></iframe><p style="background:url(javascript:alert(1))">styled</p>`)
  base.legal = { imprint: legal, privacyPolicy: legal, terms: legal }
  base.embed = { allowedOrigins: ["https://ok.example; script-src 'unsafe-inline'", 'https://ok.example'] }
  return base
}


if (import.meta.filename === process.argv[1]) {
  const dataDir = process.argv[2]
  if (!dataDir) throw new Error('usage: tsx tests/support/hostile-shop.ts DATA_DIR')
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') })
  await prepareData(database, dataDir)
  await database.db.insert(shops).values({ id: 'hostile', config: hostileConfig() as never })
  await database.close()
}
