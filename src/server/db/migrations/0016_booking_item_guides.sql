-- Planning (issue 18): guides of booked private-service starts (booking items without a session).
CREATE TABLE "booking_item_guides" (
	"item_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"assigned_by" text,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"override_reason" text,
	CONSTRAINT "booking_item_guides_item_id_staff_id_pk" PRIMARY KEY("item_id","staff_id")
);
--> statement-breakpoint
ALTER TABLE "booking_item_guides" ADD CONSTRAINT "booking_item_guides_item_id_booking_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."booking_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_item_guides" ADD CONSTRAINT "booking_item_guides_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_item_guides_staff_idx" ON "booking_item_guides" USING btree ("staff_id","shop_id");