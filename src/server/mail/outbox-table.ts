/**
 * The outbox table used by the mail processor. It is defined in the shared schema
 * (`src/server/db/schema.ts`, migration 0002_checkout); this module is the one place the mail
 * code takes it from, so a change of that import touches only this file.
 */
export { outbox } from '~/server/db/schema'

