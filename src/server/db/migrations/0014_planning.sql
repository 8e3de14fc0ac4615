-- Planning (issue 18): staff availability per date and weekly, guides per participants and
-- preparation time per offer, the reason of an assignment against UNAVAILABLE, the schedule
-- feed's generation per member.
ALTER TABLE "session_guides" ADD COLUMN IF NOT EXISTS "override_reason" text;--> statement-breakpoint
CREATE TABLE "staff_availability" (
	"staff_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"day" date NOT NULL,
	"part" text NOT NULL,
	"availability" text NOT NULL,
	"note" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_availability_staff_id_day_part_pk" PRIMARY KEY("staff_id","day","part"),
	CONSTRAINT "staff_availability_part_check" CHECK ("part" IN ('DAY', 'AM', 'PM')),
	CONSTRAINT "staff_availability_value_check" CHECK ("availability" IN ('AVAILABLE', 'MAYBE', 'UNAVAILABLE'))
);
--> statement-breakpoint
CREATE TABLE "staff_weekly_availability" (
	"staff_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"weekday" smallint NOT NULL,
	"part" text NOT NULL,
	"availability" text NOT NULL,
	"note" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_weekly_availability_staff_id_weekday_part_pk" PRIMARY KEY("staff_id","weekday","part"),
	CONSTRAINT "staff_weekly_availability_weekday_check" CHECK ("weekday" BETWEEN 0 AND 6),
	CONSTRAINT "staff_weekly_availability_part_check" CHECK ("part" IN ('DAY', 'AM', 'PM')),
	CONSTRAINT "staff_weekly_availability_value_check" CHECK ("availability" IN ('AVAILABLE', 'MAYBE', 'UNAVAILABLE'))
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "participants_per_guide" integer CHECK ("participants_per_guide" IS NULL OR "participants_per_guide" BETWEEN 1 AND 1000);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "preparation_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "calendar_feed_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_weekly_availability" ADD CONSTRAINT "staff_weekly_availability_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_availability_shop_day_idx" ON "staff_availability" USING btree ("shop_id","day");