import { join } from 'node:path'
import type { Database } from '~/server/db/client'
import { ShopDirectory } from '~/server/domain/shops'
import type { Env } from '~/server/env'
import { pickLabel } from '~/lib/locale'
import { startOutboxWorker, type OutboxWorker } from './outbox'
import { createTransport } from './transport'
import { createFileSmsTransport } from '~/server/sms/transport'
import { originSettings, shopOrigin, type OriginEnv } from '~/server/http/public-origin'

/**
 * The background sender of the server process: SMTP when SMTP_URL is set, else .eml files in
 * DATA_DIR/mail. Every process may run one; rows are claimed, so none is sent twice.
 */
export function startMailWorker(database: Database, env: Pick<Env, 'SMTP_URL' | 'dataDir'> & OriginEnv): OutboxWorker {
  const shops = new ShopDirectory(database.db, { hostedDomain: env.HOSTED_DOMAIN, defaultShop: env.DEFAULT_TENANT })
  // Links into the staff app (notices of new bookings) use the shop's canonical origin.
  const origins = originSettings(env)
  return startOutboxWorker({
    db: database.db,
    transport: createTransport({ smtpUrl: env.SMTP_URL, mailDir: join(env.dataDir, 'mail') }),
    // Text messages as .txt files beside the .eml files until an SMS provider is configured (ADR 025).
    sms: createFileSmsTransport(join(env.dataDir, 'mail')),
    loadShop: async (shopId) => {
      const shop = await shops.loadById(shopId)
      if (!shop) return null
      return {
        id: shop.id,
        title: shop.config.labels.title,
        contact: shop.config.contact,
        colorPalette: shop.config.theme.colorPalette,
        timeZone: shop.config.timeZone,
        origin: shopOrigin(shop, origins),
      }
    },
    from: (shop) => {
      const name = (typeof shop.title === 'string' ? shop.title : pickLabel(shop.title, 'de')).replace(/["\r\n]/g, '')
      return `"${name}" <${shop.contact.email}>`
    },
  })
}
