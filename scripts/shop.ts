/**
 * `npm run shop -- <command>`: a shop's configuration from the command line, until there is an
 * admin app. It works on the database of DATA_DIR or DATABASE_URL (migrated and seeded first,
 * as `npm start` does); with PGlite, stop the server first (one process per data directory).
 *
 *   npm run shop -- list                       the shops and their domains
 *   npm run shop -- show alpin                 the configuration as JSON
 *   npm run shop -- put alpin config.json      create or replace a configuration (validated)
 *   npm run shop -- domain alpin www.alpin.ch  serve the shop at a custom domain too
 *   npm run shop -- domain alpin www.alpin.ch --primary
 *                                              …and make it the shop's canonical address (links in
 *                                              e-mails, payment return URLs, canonical links)
 *
 * The configuration is checked against the contract (ShopConfig in openapi/webshop.yaml, without
 * `id`), e.g. `embed.allowedOrigins` for the widgets; colours are checked again when read. A `put`
 * is a new version of the settings, recorded in their history (by "the system") and announced to
 * running servers (NOTIFY), like a save in the staff app's Settings → General.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'
import { eq, sql } from 'drizzle-orm'
import { collectOutput, runCommandLine, UsageError, type CommandResult } from './lib/cli'
import { shopDomains, shops } from '../src/server/db/schema'
import { recordChange } from '../src/server/domain/history/change-log'
import { SHOP_CHANGED } from '../src/server/domain/settings/notify'
import { DOMAIN } from '../src/server/domain/settings/domains'
import type { Db } from '../src/server/db/client'

const root = join(import.meta.dirname, '..')
const ID = /^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$/

const USAGE = 'usage: npm run shop -- list | show <id> | put <id> <config.json> | domain <id> <domain> [--primary]'

/** A wrong command line: exit status 2 with the usage. */

/** Validates a configuration against the contract; the messages name the field. */
export function validateShopConfig(config: unknown): string[] {
  const spec = parse(readFileSync(join(root, 'openapi', 'webshop.yaml'), 'utf8')) as Record<string, unknown>
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ;(addFormats as unknown as (a: Ajv2020) => void)(ajv)
  ajv.addSchema({ ...spec, $id: 'webshop' }, 'webshop')
  const validate = ajv.getSchema('webshop#/components/schemas/ShopConfig')!
  const ok = validate({ ...(config as object), id: 'x' })
  return ok ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`)
}

/** What a command printed, and its exit status (0 done, 1 refused, 2 wrong command line). */
export type ShopCommandResult = CommandResult

/** Checks the command line before any database is opened (a wrong one touches nothing). */
export function parseShopCommand(args: string[]): { command: string; id?: string; arg?: string; flag?: string } {
  const [command, id, arg, flag] = args
  if (flag !== undefined && !(command === 'domain' && flag === '--primary')) throw new UsageError(USAGE)
  if (!command || !['list', 'show', 'put', 'domain'].includes(command)) throw new UsageError(USAGE)
  if (command !== 'list' && (!id || !ID.test(id))) throw new UsageError(USAGE)
  if (command === 'put' && !arg) throw new UsageError(USAGE)
  return { command, id, arg, flag }
}

/** Runs one command on a prepared database; the CLI below and the tests call it. */
export async function runShopCommand(db: Db, args: string[]): Promise<ShopCommandResult> {
  return collectOutput('shop', async (print) => {
    const { command, id, arg, flag } = parseShopCommand(args)
    if (command === 'list') {
      const rows = await db.select({ id: shops.id }).from(shops)
      const domains = await db.select().from(shopDomains)
      for (const row of rows) print([row.id, ...domains.filter((d) => d.shopId === row.id).map((d) => (d.primary ? `${d.domain} (primary)` : d.domain))].join('\t'))
    } else if (command === 'show') {
      const row = (await db.select().from(shops).where(eq(shops.id, id!)).limit(1))[0]
      if (!row) throw new Error(`no shop ${id}`)
      print(JSON.stringify(row.config, null, 2))
    } else if (command === 'put') {
      const config = JSON.parse(readFileSync(arg!, 'utf8')) as Record<string, unknown>
      delete config.id
      const problems = validateShopConfig(config)
      if (problems.length) throw new Error(`the configuration does not match the contract (ShopConfig):\n  ${problems.join('\n  ')}`)
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(shops).where(eq(shops.id, id!)).for('update')
        await tx
          .insert(shops)
          .values({ id: id!, config: config as never })
          // A new version: a staff member editing the settings meanwhile gets a conflict, not a silent overwrite.
          .onConflictDoUpdate({ target: shops.id, set: { config: config as never, version: sql`${shops.version} + 1`, updatedAt: new Date() } })
        if (before) await recordChange(tx, { shopId: id!, subject: 'settings', subjectId: id!, actorId: null, action: 'replaced_from_command_line', before: before.config, after: config, at: new Date() })
        await tx.execute(sql`select pg_notify(${SHOP_CHANGED}, ${id!})`)
      })
      print(`shop ${id} saved (running servers on this database see it at once)`)
    } else if (command === 'domain') {
      const domain = (arg ?? '').toLowerCase()
      if (!DOMAIN.test(domain)) throw new Error(`not a domain name: ${arg ?? ''}`)
      const primary = flag === '--primary'
      await db.transaction(async (tx) => {
        // One primary domain per shop: a new primary one replaces the previous.
        if (primary) await tx.update(shopDomains).set({ primary: false }).where(eq(shopDomains.shopId, id!))
        await tx.insert(shopDomains).values({ domain, shopId: id!, primary }).onConflictDoUpdate({ target: shopDomains.domain, set: { shopId: id!, primary } })
      })
      print(`${domain} → shop ${id}${primary ? ' (primary: its links use this domain)' : ''}`)
    }
  })
}

if (import.meta.filename === process.argv[1]) runCommandLine('shop', parseShopCommand, (db, args) => runShopCommand(db, args))
