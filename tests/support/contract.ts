import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed contract (YAML) is walked dynamically
type Json = Record<string, any>

const root = join(import.meta.dirname, '..', '..')
const load = (file: string): Json => parse(readFileSync(join(root, 'openapi', file), 'utf8'))
export const spec: Json = load('webshop.yaml')
/** The staff contract (openapi/admin.yaml): its operations are checked the same way. */
export const adminSpec: Json = load('admin.yaml')

const ajv = new Ajv2020({ strict: false, allErrors: true })
;(addFormats as unknown as (a: Ajv2020) => void)(ajv)
ajv.addSchema({ ...spec, $id: 'webshop' }, 'webshop')
ajv.addSchema({ ...adminSpec, $id: 'admin' }, 'admin')

type Operation = { method: string; template: string; regex: RegExp; op: Json; id: string; doc: 'webshop' | 'admin' }

function deref<T = Json>(node: Json, document: Json = spec): T {
  let current = node
  while (current && typeof current.$ref === 'string') {
    const path = current.$ref.replace(/^#\//, '').split('/')
    current = path.reduce((n: Json, key: string) => n[key.replace(/~1/g, '/').replace(/~0/g, '~')], document)
  }
  return current as T
}

const operationsOf = (document: Json, doc: Operation['doc']): Operation[] =>
  Object.entries(document.paths as Json).flatMap(([template, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        template,
        op: op as Json,
        id: (op as Json).operationId as string,
        doc,
        regex: new RegExp(
          '^' + template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+') + '$',
        ),
      })),
  )

export const operations: Operation[] = operationsOf(spec, 'webshop')
export const adminOperations: Operation[] = operationsOf(adminSpec, 'admin')

/** Which operations the suite's responses covered, by operationId, with the statuses seen. */
export const coverage = new Map<string, Set<number>>()

export function findOperation(method: string, pathname: string): Operation | undefined {
  const m = method === 'HEAD' ? 'GET' : method
  return operations.find((o) => o.method === m && o.regex.test(pathname))
}

/** The operation of either contract a request names (the staff contract's paths are under /api/admin/). */
function findAnyOperation(method: string, pathname: string): Operation | undefined {
  const m = method === 'HEAD' ? 'GET' : method
  return findOperation(method, pathname) ?? adminOperations.find((o) => o.method === m && o.regex.test(pathname))
}

/**
 * Checks one response against its contract (openapi/webshop.yaml or openapi/admin.yaml): a declared status (or `default`), the
 * declared content type, a body matching the schema, and the required headers. Returns the
 * problems found (empty when the response honours the contract).
 */
export async function contractProblems(request: Request, response: Response): Promise<string[]> {
  const url = new URL(request.url)
  const problems: string[] = []
  const operation = findAnyOperation(request.method, url.pathname)
  const errorSchema = ajv.getSchema('webshop#/components/schemas/Error')!
  if (!operation) {
    // Not an operation of the contract: it must still answer the one error body.
    if (response.status < 400) problems.push(`${request.method} ${url.pathname} is not in the contract but answered ${response.status}`)
    const body = await response.clone().json().catch(() => undefined)
    if (!errorSchema(body)) problems.push(`error body: ${ajv.errorsText(errorSchema.errors)}`)
    if (!response.headers.get('x-flowin-request-id')) problems.push('missing header x-flowin-request-id')
    return problems
  }
  const seen = coverage.get(operation.id) ?? new Set<number>()
  seen.add(response.status)
  coverage.set(operation.id, seen)

  const responses = operation.op.responses as Json
  const declared = responses[String(response.status)] ?? responses.default
  if (!declared) return [`${operation.id}: status ${response.status} is not declared`]
  const document = operation.doc === 'admin' ? adminSpec : spec
  const resp = deref(declared, document)
  for (const [name, header] of Object.entries((resp.headers ?? {}) as Json)) {
    const h = deref(header as Json, document)
    if (h.required && !response.headers.get(name)) problems.push(`${operation.id}: missing header ${name}`)
  }
  const content = resp.content as Json | undefined
  if (!content) {
    const text = await response.clone().text()
    if (text.length > 0) problems.push(`${operation.id}: ${response.status} must have no body`)
    return problems
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim()
  const media = content[type]
  if (!media) return [...problems, `${operation.id}: content type ${type || '(none)'} not declared for ${response.status}`]
  if (type === 'application/json') {
    const body = await response.clone().json().catch(() => Symbol('invalid json'))
    const pointer = `#/paths/${operation.template.replace(/~/g, '~0').replace(/\//g, '~1')}/${operation.method.toLowerCase()}/responses/${response.status in responses ? response.status : 'default'}`
    const schemaRef = declared.$ref
      ? `${operation.doc}${declared.$ref}/content/application~1json/schema`
      : `${operation.doc}${pointer}/content/application~1json/schema`
    const validate = ajv.getSchema(schemaRef)
    if (!validate) problems.push(`${operation.id}: no schema at ${schemaRef}`)
    else if (!validate(body)) problems.push(`${operation.id} ${response.status}: ${ajv.errorsText(validate.errors)}`)
  }
  return problems
}

/**
 * Checks one request a client sends against its contract: the operation exists, every query
 * parameter is declared and the required ones are there, and a JSON body has a declared content
 * type and matches the request body's schema. Returns the problems found.
 */
export function requestProblems(method: string, url: URL, contentType: string | null, body: string | null): string[] {
  const operation = findAnyOperation(method, url.pathname)
  if (!operation) return [`${method} ${url.pathname} is not an operation of the contract`]
  const document = operation.doc === 'admin' ? adminSpec : spec
  const problems: string[] = []
  const pathItem = (document.paths as Json)[operation.template] as Json
  const parameters = [...((pathItem.parameters ?? []) as Json[]), ...((operation.op.parameters ?? []) as Json[])].map((p) => deref(p, document))
  const query = parameters.filter((p) => p.in === 'query')
  for (const name of new Set(url.searchParams.keys())) {
    if (!query.some((p) => p.name === name || (p.style === 'deepObject' && name.startsWith(`${p.name}[`)))) problems.push(`${operation.id}: query parameter ${name} is not declared`)
  }
  for (const p of query) if (p.required && !url.searchParams.has(p.name)) problems.push(`${operation.id}: required query parameter ${p.name} is missing`)
  if (body === null || body === '') {
    if (operation.op.requestBody && deref(operation.op.requestBody, document).required) problems.push(`${operation.id}: the required body is missing`)
    return problems
  }
  if (!operation.op.requestBody) return [...problems, `${operation.id}: sends a body the contract does not declare`]
  const content = (deref(operation.op.requestBody, document).content ?? {}) as Json
  const type = (contentType ?? '').split(';')[0]!.trim()
  if (!content[type]) return [...problems, `${operation.id}: request content type ${type || '(none)'} is not declared`]
  if (type !== 'application/json') return problems
  const requestBody = operation.op.requestBody as Json
  const schemaRef = requestBody.$ref
    ? `${operation.doc}${requestBody.$ref}/content/application~1json/schema`
    : `${operation.doc}#/paths/${operation.template.replace(/~/g, '~0').replace(/\//g, '~1')}/${operation.method.toLowerCase()}/requestBody/content/application~1json/schema`
  const validate = ajv.getSchema(schemaRef)
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return [...problems, `${operation.id}: the body is not JSON`]
  }
  if (!validate) problems.push(`${operation.id}: no schema at ${schemaRef}`)
  else if (!validate(parsed)) problems.push(`${operation.id} request: ${ajv.errorsText(validate.errors)}`)
  return problems
}
