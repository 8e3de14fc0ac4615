CREATE TABLE "cart_items" (
	"id" text PRIMARY KEY NOT NULL,
	"cart_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"session_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"quantity" integer NOT NULL,
	"places" integer NOT NULL,
	"unit_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"intro" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"images" jsonb NOT NULL,
	"tags" jsonb NOT NULL,
	"location" jsonb NOT NULL,
	"upon_request" boolean DEFAULT false NOT NULL,
	"related" jsonb NOT NULL,
	"schedule" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"places_taken" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"price_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"block_count" integer DEFAULT 1 NOT NULL,
	"max_participants" integer,
	"min_quantity" integer DEFAULT 0 NOT NULL,
	"max_quantity" integer DEFAULT 20 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_cart_idx" ON "cart_items" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "cart_items_session_held_idx" ON "cart_items" USING btree ("session_id","held_until");--> statement-breakpoint
CREATE INDEX "cart_items_offer_start_idx" ON "cart_items" USING btree ("offer_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_shop_slug_idx" ON "offers" USING btree ("shop_id","slug");--> statement-breakpoint
CREATE INDEX "sessions_offer_start_idx" ON "sessions" USING btree ("offer_id","starts_at");--> statement-breakpoint
CREATE INDEX "skus_offer_idx" ON "skus" USING btree ("offer_id");