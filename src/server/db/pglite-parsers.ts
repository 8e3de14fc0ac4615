import { types } from '@electric-sql/pglite'

type Parser = (value: string, typeId?: number) => unknown
type QueryOptions = { parsers?: Record<number, Parser> } & Record<string, unknown>
type Queryable = {
  query: (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>
  transaction?: <T>(callback: (tx: Queryable) => Promise<T>) => Promise<T>
}

/**
 * The types drizzle's PGlite driver wants as PostgreSQL's text (its columns parse them): dates,
 * timestamps, intervals and their arrays, as in drizzle-orm/pglite/session.js.
 */
export const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182] as const

const asText: Parser = (value) => value

export const DRIZZLE_TEXT_PARSERS: Record<number, Parser> = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, asText]))

/**
 * drizzle passes those parsers with every query, and PGlite merges them with its own into a new
 * object for every result (`parseResults`): a third of a one-row query's time (ADR 037, "Third
 * round": `select 1` 585 → 397 µs, the Idempotency-Key look-up 518 → 313 µs). They are set once
 * on the client instead (`useDrizzleParsers`), and the client drizzle is given passes queries on
 * without a copy of their own, in transactions too.
 */
export function withoutPerQueryParsers<C extends object>(client: C): C {
  return new Proxy(client as C & Queryable, {
    get(target, property) {
      if (property === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) => {
          if (!options?.parsers) return target.query(text, params, options)
          const { parsers: _sameAsTheClients, ...rest } = options
          return target.query(text, params, rest)
        }
      }
      if (property === 'transaction' && target.transaction) {
        const transaction = target.transaction.bind(target)
        return <T>(callback: (tx: Queryable) => Promise<T>) => transaction((tx) => callback(withoutPerQueryParsers(tx)))
      }
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}

/** drizzle's text types on the client's own parsers (after it is ready: it sets its array types' parsers then). */
export function useDrizzleParsers(client: { parsers: Record<number | string, Parser> }) {
  Object.assign(client.parsers, DRIZZLE_TEXT_PARSERS)
}
