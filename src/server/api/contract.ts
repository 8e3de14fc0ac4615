/**
 * The server's side of openapi/webshop.yaml, compiled once at start: the router (paths and
 * methods of the contract), who may call each operation, and the validators of its parameters
 * and JSON body (ajv, from the contract's own schemas). Nothing here restates a path, a format
 * or a limit: change the contract and the server follows.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { isValidDate } from '~/server/domain/offers/zoned-time'
import { BODY_LIMITS } from '~/server/http/body-limit'
import { HttpError } from '~/server/http/problem'
import { nulError, pathOfNul, toFieldErrors, validationError } from './validation'
import type { Access, ApiContext, OperationDef, OperationId, RouteDef, StaffRequirement } from './types'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the contract's JSON as parsed from YAML, untyped by nature
type Json = Record<string, any>

/** An OpenAPI 3.1 document (openapi/webshop.yaml as parsed). */
export type OpenApiDocument = Json

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** A path parameter whose value does not match its schema names nothing: the handler sees `''` and answers its own "not found". */
const UNKNOWN = ''

type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema: Json }

export type CompiledRoute = RouteDef & { regex: RegExp; keys: string[] }

/**
 * Who calls an operation, as the contract says: staff (`x-role`, openapi/admin.yaml), operators
 * (security `operatorToken`), providers (`x-access: provider`), else visitors.
 */
export function accessOf(op: Json): Access {
  if (op['x-role'] !== undefined) return 'staff'
  if (Array.isArray(op.security) && op.security.some((s: Json) => 'operatorToken' in s)) return 'operator'
  return op['x-access'] === 'provider' ? 'provider' : 'visitor'
}

const STAFF_REQUIREMENTS = new Set<StaffRequirement>(['public', 'guide', 'manager', 'owner'])

/** The role an operation of the staff contract needs; one without a known `x-role` is refused at start. */
function staffRoleOf(op: Json, id: string): StaffRequirement | undefined {
  const role = op['x-role'] as StaffRequirement | undefined
  if (role === undefined) return undefined
  if (!STAFF_REQUIREMENTS.has(role)) throw new Error(`operation ${id}: unknown x-role ${String(role)}`)
  const session = Array.isArray(op.security) && op.security.some((s: Json) => 'staffSession' in s)
  if ((role === 'public') === session) throw new Error(`operation ${id}: x-role ${role} and its security scheme disagree`)
  return role
}

/**
 * An operation's own body bound (`x-max-body-bytes`), e.g. an image upload's: staff operations
 * only (the dispatcher reads such a body after the session, role and anti-forgery checks), never
 * above BODY_LIMITS.upload, so a slip in the contract cannot open the server to huge bodies.
 */
function maxBodyBytesOf(op: Json, id: string, access: Access): number | undefined {
  const limit = op['x-max-body-bytes'] as unknown
  if (limit === undefined) return undefined
  if (access !== 'staff') throw new Error(`operation ${id}: x-max-body-bytes is for staff operations only`)
  if (!Number.isSafeInteger(limit) || (limit as number) < 1 || (limit as number) > BODY_LIMITS.upload) {
    throw new Error(`operation ${id}: x-max-body-bytes must be a whole number from 1 to ${BODY_LIMITS.upload}`)
  }
  return limit as number
}

function pathRegex(template: string) {
  const keys: string[] = []
  const pattern = template
    .split(/(\{[A-Za-z]+\})/)
    .map((part) => {
      const m = /^\{([A-Za-z]+)\}$/.exec(part)
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      keys.push(m[1]!)
      return '([^/]+)'
    })
    .join('')
  return { regex: new RegExp(`^${pattern}$`), keys }
}

/** A schema whose `$ref`s (`#/…`) point into the contract registered as `contract`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON schema handed to ajv as is
function rebase(schema: unknown): any {
  if (Array.isArray(schema)) return schema.map(rebase)
  if (!schema || typeof schema !== 'object') return schema
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `contract${value}` : rebase(value)]),
  )
}

/** A query value as its schema types it (`page=2` → 2; like `Number()`: `''` → 0, `x` → NaN, which the schema refuses). */
function coerce(value: string, schema: Json): unknown {
  return schema.type === 'integer' || schema.type === 'number' ? Number(value) : value
}

/**
 * The routes of a contract, each running `handlers[operationId]` after validating the request
 * against the contract. Throws when an operation has no handler or a handler no operation.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers of either contract, each typed by its own map
export function compileContract(spec: OpenApiDocument, handlers: Partial<Record<OperationId, OperationDef<any>>>): CompiledRoute[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true, useDefaults: true })
  ;(addFormats as unknown as (a: Ajv2020) => void)(ajv)
  // A day of the calendar the shop can book (the contract's `format: date`, years 1900–9000).
  ajv.addFormat('date', isValidDate)
  ajv.addSchema({ ...spec, $id: 'contract' }, 'contract')

  const resolve = (node: Json): Json => {
    let current = node
    while (current && typeof current.$ref === 'string') {
      current = (current.$ref as string)
        .replace(/^#\//, '')
        .split('/')
        .reduce((n: Json, key: string) => n?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec)
    }
    return current ?? {}
  }
  /** A validator of a schema of the contract, its `$ref`s resolved against the whole document. */
  const compile = (schema: Json): ValidateFunction => ajv.compile(rebase(schema))

  const routes: CompiledRoute[] = []
  const seen = new Set<string>()
  for (const [template, item] of Object.entries(spec.paths as Json)) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined
      if (!op) continue
      const id = op.operationId as OperationId
      const def = handlers[id] as OperationDef<OperationId> | undefined
      if (!def) throw new Error(`no handler for operation ${id} (${method.toUpperCase()} ${template})`)
      seen.add(id)
      const parameters = [...((item as Json).parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => resolve(p) as Parameter)
      const pathParams = parameters.filter((p) => p.in === 'path').map((p) => ({ ...p, check: compile(p.schema) }))
      const queryParams = parameters.filter((p) => p.in === 'query')
      const query = compile({
        type: 'object',
        properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
        required: queryParams.filter((p) => p.required).map((p) => p.name),
        ...(def.strictQuery ? { additionalProperties: false } : {}),
      })
      const access = accessOf(op)
      const requestBody = resolve(op.requestBody ?? {})
      // A provider's body is its own (its signature covers the raw bytes); an optional body is not read.
      const body =
        access !== 'provider' && requestBody.required && requestBody.content?.['application/json']
          ? compile(requestBody.content['application/json'].schema)
          : undefined
      const querySchemas = new Map(queryParams.map((p) => [p.name, resolve(p.schema)]))
      const arrays = new Set(queryParams.filter((p) => querySchemas.get(p.name)!.type === 'array').map((p) => p.name))
      const invalid = (def.invalidParameter ?? {}) as Record<string, ((value: string) => HttpError) | undefined>

      const inputOf = async (ctx: ApiContext, raw: Record<string, string>) => {
        // Path parameters: a value the contract refuses names nothing (or has its own answer).
        const path: Record<string, string> = {}
        for (const p of pathParams) {
          const value = raw[p.name] ?? UNKNOWN
          if (p.check(value)) path[p.name] = value
          else if (invalid[p.name]) throw invalid[p.name]!(value)
          else path[p.name] = UNKNOWN
        }
        // Query parameters, typed and checked as the contract declares them.
        const params: Record<string, unknown> = {}
        for (const [key, value] of ctx.url.searchParams) {
          if (arrays.has(key)) continue
          const declared = querySchemas.get(key)
          if (!declared && !def.strictQuery) continue
          if (value.includes('\u0000') || key.includes('\u0000')) throw invalid[key]?.(value) ?? nulError(key)
          params[key] = declared ? coerce(value, declared) : value
        }
        for (const name of arrays) params[name] = ctx.url.searchParams.getAll(name)
        if (!query(params)) {
          const errors = toFieldErrors(query.errors ?? [], resolve)
          const custom = Object.keys(errors).map((key) => key.split('.')[0]!).find((name) => invalid[name])
          if (custom) throw invalid[custom]!(ctx.url.searchParams.get(custom) ?? '')
          throw validationError(errors)
        }
        let json: unknown
        if (body) {
          try {
            json = await ctx.request.json()
          } catch {
            throw new HttpError(400, 'Invalid enquiry', 'The request body must be JSON.', { code: 'body.invalid_json' })
          }
          const nul = pathOfNul(json)
          if (nul !== undefined) throw nulError(nul)
          if (!body(json)) throw validationError(toFieldErrors(body.errors ?? [], resolve))
        }
        return { path, query: params, body: json } as never
      }
      const handler = async (ctx: ApiContext, raw: Record<string, string>) => def.handler(ctx, await inputOf(ctx, raw))
      const early = def.refuseEarly
      const refuseEarly = early ? async (ctx: ApiContext, raw: Record<string, string>) => early(ctx, await inputOf(ctx, raw)) : undefined
      routes.push({
        id,
        path: template as RouteDef['path'],
        method: method.toUpperCase() as RouteDef['method'],
        access,
        staffRole: staffRoleOf(op, id),
        replay: op['x-replay'] !== false,
        maxBodyBytes: maxBodyBytesOf(op, id, access),
        // A body that is not JSON (an image) is the handler's to read, as bytes.
        rawBody: !!requestBody.content && !requestBody.content['application/json'],
        // A read that declares 304 is revalidated by ETag (src/server/http/conditional.ts).
        conditional: method === 'get' && '304' in ((op.responses ?? {}) as Json),
        handler,
        ...(refuseEarly ? { refuseEarly } : {}),
        ...pathRegex(template),
      })
    }
  }
  const extra = Object.keys(handlers).filter((id) => !seen.has(id))
  if (extra.length) throw new Error(`handlers for operations the contract does not have: ${extra.join(', ')}`)
  return routes
}
