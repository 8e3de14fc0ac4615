import { sql } from 'drizzle-orm'
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import type { components } from '../../api/schema.gen'

export type ShopConfigBody = Omit<components['schemas']['ShopConfig'], 'id'>

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** A shop (tenant). Its slug is the first label of `{slug}.{HOSTED_DOMAIN}`. */
export const shops = pgTable('shops', {
  id: text('id').primaryKey(),
  config: jsonb('config').$type<ShopConfigBody>().notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Custom domains of a shop (lower case, no port). */
export const shopDomains = pgTable(
  'shop_domains',
  {
    domain: text('domain').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
  },
  (t) => [index('shop_domains_shop_idx').on(t.shopId)],
)

/** Original images. Media ids are global; `shop_id` null marks a shared image ('default'). */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('media_shop_idx').on(t.shopId)],
)

/** A visitor's cart. The id carries at least 128 random bits. */
export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull().default('de'),
    createdAt: createdAt(),
  },
  (t) => [index('carts_shop_idx').on(t.shopId)],
)

/**
 * Stored answers of non-GET calls by Idempotency-Key, per shop. A row is 'pending' while its
 * first request runs; then it holds the answer that every repetition gets again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    shopId: text('shop_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['pending', 'done'] }).notNull().default('pending'),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)

/** Process-independent secrets (e.g. the anti-forgery signing key), created on first use. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
})
