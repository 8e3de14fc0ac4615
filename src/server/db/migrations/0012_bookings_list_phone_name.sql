-- The staff's bookings list, second step (ADR 030): a phone number is searched by its digits
-- inside the stored number's digits (separators and spaces dropped), which a trigram index on
-- that expression answers; and the list sorted by name walks a btree index per shop instead of
-- sorting every booking. The expressions are the ones src/server/domain/bookings-admin/list.ts
-- uses, character for character.
CREATE INDEX IF NOT EXISTS "bookings_search_phone_trgm_idx" ON "bookings" USING gin ((regexp_replace(coalesce("person"->>'phone', ''), '[^0-9]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_shop_name_idx" ON "bookings" USING btree ("shop_id", (lower("person"->>'surname')), (lower("person"->>'firstname')), "id");
