CREATE TABLE "booking_manage_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"booking_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"email" text NOT NULL,
	"type" text DEFAULT 'PRIVATE' NOT NULL,
	"company" text,
	"person" jsonb NOT NULL,
	"address" jsonb,
	"phone" text,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"booking_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "channel" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "channel_host" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "booking_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "notify_bookings" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "notify_requests" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_manage_links" ADD CONSTRAINT "booking_manage_links_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_manage_links" ADD CONSTRAINT "booking_manage_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_manage_links_booking_idx" ON "booking_manage_links" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_shop_email_idx" ON "customers" USING btree ("shop_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_ref_idx" ON "refunds" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_shop_created_idx" ON "refunds" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_items_session_idx" ON "booking_items" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "booking_items_shop_start_idx" ON "booking_items" USING btree ("shop_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_shop_created_idx" ON "bookings" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_shop_status_idx" ON "bookings" USING btree ("shop_id","status","created_at");--> statement-breakpoint
CREATE INDEX "bookings_shop_customer_idx" ON "bookings" USING btree ("shop_id","customer_id");--> statement-breakpoint
CREATE INDEX "outbox_booking_idx" ON "outbox" USING btree ("shop_id","booking_code");--> statement-breakpoint
CREATE INDEX "payments_shop_created_idx" ON "payments" USING btree ("shop_id","created_at");--> statement-breakpoint
-- The CRM's customers, derived from the bookings made so far (merged by e-mail, the latest booking's details).
INSERT INTO "customers" ("id", "shop_id", "email", "type", "company", "person", "address", "phone", "created_at", "updated_at")
SELECT DISTINCT ON (b."shop_id", lower(b."person"->>'email'))
  gen_random_uuid()::text, b."shop_id", lower(b."person"->>'email'), coalesce(b."customer"->>'type', 'PRIVATE'), b."customer"->>'company',
  jsonb_build_object('firstname', b."person"->>'firstname', 'surname', b."person"->>'surname'), b."address", b."person"->>'phone', b."created_at", b."created_at"
FROM "bookings" b
ORDER BY b."shop_id", lower(b."person"->>'email'), b."created_at" DESC;--> statement-breakpoint
UPDATE "bookings" b SET "customer_id" = c."id" FROM "customers" c WHERE c."shop_id" = b."shop_id" AND c."email" = lower(b."person"->>'email');--> statement-breakpoint
UPDATE "outbox" SET "booking_code" = "payload"->'booking'->>'code' WHERE "payload" ? 'booking';
