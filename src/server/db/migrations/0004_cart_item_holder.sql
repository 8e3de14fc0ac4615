ALTER TABLE "cart_items" ADD COLUMN "holder" text;--> statement-breakpoint
CREATE INDEX "cart_items_holder_idx" ON "cart_items" USING btree ("shop_id","holder","held_until");