/**
 * `npm run admin -- <command>`: staff accounts from the command line, for a shop that has no
 * owner yet (a real shop; the demo shops get their staff on first start). It works on the
 * database of DATA_DIR or DATABASE_URL (migrated and seeded first, as `npm start` does); with
 * PGlite, stop the server first (one process per data directory).
 *
 *   npm run admin -- create-owner --shop alpin --email anna@example.ch [--name "Anna Keller"] [--locale de|en|fr]
 *        an owner without a password; prints the invitation link that sets it
 *        (again for an owner who has not used their link yet: a new link, the old one stops working)
 *   npm run admin -- list --shop alpin
 *        the shop's staff: role, status, e-mail, name, last sign-in
 *
 * Links use the shop's canonical origin (HOSTED_DOMAIN, PUBLIC_SCHEME, PUBLIC_PORT, or its
 * primary custom domain), as e-mails do.
 */
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import type { Db } from '../src/server/db/client'
import { staff } from '../src/server/db/schema'
import { ShopDirectory } from '../src/server/domain/shops'
import { findStaffByEmail, newStaffId, normaliseEmail, recordStaffEvent, ROLES, statusOf } from '../src/server/domain/staff/accounts'
import { createStaffLink, linkUrl } from '../src/server/domain/staff/links'
import { originSettings, shopOrigin, type OriginSettings } from '../src/server/http/public-origin'
import { isLocale, type Locale } from '../src/lib/locale'
import { collectOutput, runCommandLine, UsageError, type CommandResult } from './lib/cli'

const USAGE =
  'usage: npm run admin -- create-owner --shop ID --email ADDRESS [--name NAME] [--locale de|en|fr] | list --shop ID'
const ID = /^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A wrong command line: exit status 2 with the usage. */

/** What a command printed, and its exit status (0 done, 1 refused, 2 wrong command line). */
export type AdminCommandResult = CommandResult

type AdminCommand =
  | { command: 'create-owner'; shop: string; email: string; name?: string; locale?: Locale }
  | { command: 'list'; shop: string }

/** Checks the command line before any database is opened (a wrong one touches nothing). */
export function parseAdminCommand(args: string[]): AdminCommand {
  let parsed
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { shop: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, locale: { type: 'string' } },
    })
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`)
  }
  const { values, positionals } = parsed
  const [command, ...rest] = positionals
  if (rest.length || !values.shop || !ID.test(values.shop)) throw new UsageError(USAGE)
  if (command === 'list' && !values.email && !values.name && !values.locale) return { command, shop: values.shop }
  if (command !== 'create-owner' || !values.email) throw new UsageError(USAGE)
  const email = normaliseEmail(values.email)
  if (!EMAIL.test(email) || email.length > 254) throw new UsageError(`not an e-mail address: ${values.email}\n${USAGE}`)
  if (values.locale !== undefined && !isLocale(values.locale)) throw new UsageError(`--locale must be de, en or fr\n${USAGE}`)
  const name = values.name?.trim()
  if (values.name !== undefined && (!name || name.length > 120)) throw new UsageError(`--name must have 1 to 120 characters\n${USAGE}`)
  return { command, shop: values.shop, email, name, locale: values.locale as Locale | undefined }
}

/** Runs one command on a prepared database; the CLI below and the tests call it. */
export async function runAdminCommand(
  db: Db,
  args: string[],
  options: { origin?: OriginSettings; now?: Date } = {},
): Promise<AdminCommandResult> {
  const settings = options.origin ?? originSettings({ HOSTED_DOMAIN: 'localhost', DEFAULT_TENANT: 'alpin' })
  const now = options.now ?? new Date()
  return collectOutput('admin', async (print) => {
    const command = parseAdminCommand(args)
    const shop = await new ShopDirectory(db, { hostedDomain: settings.hostedDomain, defaultShop: settings.defaultShop }).loadById(command.shop)
    if (!shop) throw new Error(`no shop ${command.shop}`)

    if (command.command === 'list') {
      const rows = (await db.select().from(staff).where(eq(staff.shopId, shop.id))).sort(
        (a, b) => ROLES.indexOf(b.role) - ROLES.indexOf(a.role) || a.name.localeCompare(b.name),
      )
      if (!rows.length) print(`shop ${shop.id} has no staff yet (npm run admin -- create-owner --shop ${shop.id} --email ADDRESS)`)
      for (const row of rows) print([row.role, statusOf(row), row.email, row.name, row.lastSignInAt?.toISOString() ?? '-'].join('\t'))
    } else {
      const locale: Locale = command.locale ?? (shop.config.languages.find(isLocale) as Locale | undefined) ?? 'de'
      const existing = await findStaffByEmail(db, shop.id, command.email)
      if (existing && (existing.role !== 'owner' || existing.passwordHash || !existing.active))
        throw new Error(`${command.email} is already a staff member of shop ${shop.id} (${existing.role}, ${statusOf(existing)})`)
      // The member, the event and the link together, or nothing.
      const { member, link } = await db.transaction(async (tx) => {
        let row = existing
        if (!row) {
          ;[row] = await tx
            .insert(staff)
            .values({ id: newStaffId(), shopId: shop.id, email: command.email, name: command.name ?? command.email.split('@')[0]!, locale, role: 'owner' })
            .returning()
        }
        const action = existing ? 'invitation_resent' : 'invited'
        await recordStaffEvent(tx, { shopId: shop.id, staffId: row!.id, actorId: null, action, details: { role: 'owner', by: 'command line' }, at: now })
        return { member: row!, link: await createStaffLink(tx, { shopId: shop.id, staffId: row!.id, purpose: 'invitation', now }) }
      })
      print(`owner ${member.email} of shop ${shop.id} invited; the link sets the password (once, until ${link.expiresAt.toISOString()}):`)
      print(linkUrl(shopOrigin(shop, settings), member.locale, link.token))
    }
  })
}

if (import.meta.filename === process.argv[1]) runCommandLine('admin', parseAdminCommand, (db, args, env) => runAdminCommand(db, args, { origin: originSettings(env) }))
