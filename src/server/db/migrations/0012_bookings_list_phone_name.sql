-- The staff's bookings list, second step (ADR 030). Names: the trigram index of 0011 was on the
-- lower-case name, searched with a character class per letter for its accented forms; pg_trgm
-- cannot draw trigrams from such classes, so it narrowed 100 000 bookings only to ~20 000. Now
-- the name is kept folded as the search folds it (translate(): accents off, hyphens and
-- apostrophes as spaces) in a generated column, computed when a booking is written (an erasure
-- rewrites it too), and the search's words are plain letters: the trigram index narrows to the
-- matches and checking them reads the column instead of folding each row again. A phone number
-- is searched by its digits inside the stored number's digits (separators dropped). Sorted by
-- name, a page is read from a btree index per shop instead of sorting every booking. The
-- expressions are the ones src/server/domain/bookings-admin/search.ts and list.ts build,
-- character for character (a test checks it).
DROP INDEX IF EXISTS "bookings_search_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "search_name" text GENERATED ALWAYS AS (translate(lower(coalesce(person->>'firstname', '') || ' ' || coalesce(person->>'surname', '') || ' ' || coalesce(customer->>'company', '')), 'àáâãäåāăąÀÁÂÃÄÅĀĂĄçćĉčċÇĆĈČĊďđĎĐèéêëēĕėęěÈÉÊËĒĔĖĘĚĝğġģĜĞĠĢìíîïĩīĭįıÌÍÎÏĨĪĬĮİķĶĺļľłŀĹĻĽŁĿñńņňÑŃŅŇòóôõöøōŏőÒÓÔÕÖØŌŎŐŕŗřŔŖŘśŝşšșŚŜŞŠȘţťțŧŢŤȚŦùúûüũūŭůűųÙÚÛÜŨŪŬŮŰŲŵŴýÿŷÝŸŶźżžŹŻŽ-''’‐–.', 'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeeggggggggiiiiiiiiiiiiiiiiiikkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz      ')) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_search_name_folded_trgm_idx" ON "bookings" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_search_phone_trgm_idx" ON "bookings" USING gin ((regexp_replace(coalesce("person"->>'phone', ''), '[^0-9]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_shop_name_idx" ON "bookings" USING btree ("shop_id", (lower("person"->>'surname')), (lower("person"->>'firstname')), "id");
