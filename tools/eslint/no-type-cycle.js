// ESLint rule `local/no-type-cycle`: import cycles that go through a type-only import.
//
// import-x/no-cycle skips `import type` (such a cycle vanishes at compile time), but it still
// couples two modules both ways, and the layering asks for none. This rule reports an import of
// file F (type-only or not) whose target leads back to F when at least one import on the way is
// type-only; cycles made of value imports alone are import-x/no-cycle's and are not reported twice.
// The module graph is built with TypeScript's own parser and module resolution (tsconfig paths,
// `~/`), once per file version, and shared by every file of a run. Option `ignore`: regular
// expressions of files (generated ones) whose imports are not followed.
import { readFileSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import ts from 'typescript'

const configs = new Map()
function compilerOptions(tsconfig) {
  let options = configs.get(tsconfig)
  if (!options) {
    const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile)
    options = ts.parseJsonConfigFileContent(config, ts.sys, dirname(tsconfig)).options
    configs.set(tsconfig, options)
  }
  return options
}

/** file → { mtime, edges: [{ to, type, node range }] } */
const modules = new Map()

function isTypeOnly(statement) {
  if (ts.isExportDeclaration(statement)) return statement.isTypeOnly
  const clause = statement.importClause
  if (!clause) return false // a side-effect import
  if (clause.isTypeOnly) return true
  const named = clause.namedBindings
  return !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)
}

function edgesOf(file, options, root, ignore) {
  if (ignore.some((re) => re.test(file))) return []
  let mtime
  try {
    mtime = statSync(file).mtimeMs
  } catch {
    return []
  }
  const cached = modules.get(file)
  if (cached && cached.mtime === mtime) return cached.edges
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false)
  const edges = []
  for (const statement of source.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue
    const specifier = statement.moduleSpecifier
    if (!specifier || !ts.isStringLiteral(specifier)) continue
    const resolved = ts.resolveModuleName(specifier.text, file, options, ts.sys).resolvedModule
    if (!resolved || resolved.isExternalLibraryImport) continue
    const to = resolve(resolved.resolvedFileName)
    if (!to.startsWith(root) || to.includes('/node_modules/') || to.endsWith('.d.ts')) continue
    edges.push({ to, type: isTypeOnly(statement), specifier: specifier.text })
  }
  modules.set(file, { mtime, edges })
  return edges
}

/** Whether `target` is reachable from `start`, following value imports only when `valueOnly`. */
function reaches(start, target, valueOnly, options, root, ignore) {
  const seen = new Set([start])
  const queue = [start]
  while (queue.length) {
    const file = queue.shift()
    if (file === target) return true
    for (const edge of edgesOf(file, options, root, ignore)) {
      if (valueOnly && edge.type) continue
      if (!seen.has(edge.to)) {
        seen.add(edge.to)
        queue.push(edge.to)
      }
    }
  }
  return false
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles that pass through a type-only import' },
    schema: [
      {
        type: 'object',
        properties: { tsconfig: { type: 'string' }, ignore: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Import cycle through a type-only import: "{{specifier}}" leads back to this file.' },
  },
  create(context) {
    const root = context.cwd
    const options = compilerOptions(resolve(root, context.options[0]?.tsconfig ?? 'tsconfig.json'))
    const file = resolve(context.filename)
    const ignore = (context.options[0]?.ignore ?? []).map((pattern) => new RegExp(pattern))
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return
      const edge = edgesOf(file, options, root, ignore).find((e) => e.specifier === node.source.value)
      if (!edge || edge.to === file) return
      if (!reaches(edge.to, file, false, options, root, ignore)) return
      // A cycle of value imports alone is import-x/no-cycle's to report.
      if (!edge.type && reaches(edge.to, file, true, options, root, ignore)) return
      context.report({ node, messageId: 'cycle', data: { specifier: node.source.value } })
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
  },
}
