// Fails when the PO catalogues miss a message of the source code (run `npm run i18n:extract`)
// or when a message has no translation in de, en or fr. The catalogues are left as they were.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'

const root = join(import.meta.dirname, '..')
const locales = ['de', 'en', 'fr'] as const
/** The shop's catalogue, the e-mails' (src/server/mail) and the staff app's, all written by `lingui extract`. */
const catalogues = ['messages', 'mail', 'admin'] as const
const files = catalogues.flatMap((c) => locales.map((l) => ({ l, c, path: join(root, 'src', 'locales', l, `${c}.po`) })))

/** msgid → msgstr of a PO file (plural forms and contexts folded into the key). */
export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>()
  const unquote = (s: string) => JSON.parse(s) as string
  for (const block of text.split(/\n\s*\n/)) {
    let key = ''
    let value = ''
    let current: 'id' | 'str' | 'ctx' | null = null
    let ctx = ''
    for (const line of block.split('\n')) {
      const m = /^(msgctxt|msgid|msgstr(?:\[\d+\])?) (".*")$/.exec(line)
      if (m) {
        current = m[1] === 'msgctxt' ? 'ctx' : m[1] === 'msgid' ? 'id' : 'str'
        const text = unquote(m[2]!)
        if (current === 'ctx') ctx = text
        else if (current === 'id') key = text
        else value = text
      } else if (/^".*"$/.test(line) && current) {
        const text = unquote(line)
        if (current === 'ctx') ctx += text
        else if (current === 'id') key += text
        else value += text
      }
    }
    if (key) entries.set(ctx ? `${ctx}\u0004${key}` : key, value)
  }
  return entries
}

const before = new Map(files.map((f) => [f.path, readFileSync(f.path, 'utf8')]))
const backup = mkdtempSync(join(tmpdir(), 'po-'))
for (const f of files) writeFileSync(join(backup, `${f.l}.${f.c}.po`), before.get(f.path)!)
let failed = false
try {
  const result = spawnSync('lingui', ['extract', '--clean'], { cwd: root, stdio: 'pipe', encoding: 'utf8', timeout: 5 * 60_000 })
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr)
    throw new Error('lingui extract failed')
  }
  for (const { l: lang, c, path } of files) {
    const l = `${lang} (${c}.po)`
    const fresh = parsePo(readFileSync(path, 'utf8'))
    const committed = parsePo(before.get(path)!)
    const missing = [...fresh.keys()].filter((k) => !committed.has(k))
    const unused = [...committed.keys()].filter((k) => !fresh.has(k))
    if (missing.length || unused.length) {
      failed = true
      console.error(`${l}: catalogue out of date (run \`npm run i18n:extract\` and translate):`)
      for (const k of missing) console.error(`  missing: ${JSON.stringify(k)}`)
      for (const k of unused) console.error(`  no longer used: ${JSON.stringify(k)}`)
    }
    const untranslated = [...committed].filter(([k, v]) => k !== '' && v.trim() === '')
    if (untranslated.length) {
      failed = true
      console.error(`${l}: ${untranslated.length} message(s) without translation:`)
      for (const [k] of untranslated) console.error(`  ${JSON.stringify(k)}`)
    }
  }
} finally {
  for (const f of files) writeFileSync(f.path, before.get(f.path)!)
  rmSync(backup, { recursive: true, force: true })
}
if (failed) process.exit(1)
console.log(`translations complete: ${locales.join(', ')}`)
