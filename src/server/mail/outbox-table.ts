/**
 * The outbox table used by the mail processor. It is defined in the shared schema
 * (`src/server/db/schema.ts`, migration 0002_checkout); this module is the one place the mail
 * code takes it from, so a change of that import touches only this file.
 */
export { outbox } from '../db/schema'

/** DDL of the table, identical to the migration (for tests on a bare database). */
export const OUTBOX_SQL = `CREATE TABLE IF NOT EXISTS "outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL
)`

/** The index the processor's claim query uses (a separate statement). */
export const OUTBOX_INDEX_SQL = `CREATE INDEX IF NOT EXISTS "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at")`
