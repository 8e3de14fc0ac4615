-- The staff's bookings list searches names, companies and e-mail addresses inside the text
-- (a word's start, accents ignored, as a regular expression; an e-mail by its beginning): trigram
-- indexes let PostgreSQL (and PGlite, which loads the same contrib module) answer those from an
-- index instead of reading every booking (ADR 030). The expressions are the ones
-- src/server/domain/bookings-admin/list.ts searches, character for character.
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_search_name_trgm_idx" ON "bookings" USING gin ((lower(coalesce("person"->>'firstname', '') || ' ' || coalesce("person"->>'surname', '') || ' ' || coalesce("customer"->>'company', ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_search_email_trgm_idx" ON "bookings" USING gin ((lower("person"->>'email')) gin_trgm_ops);
