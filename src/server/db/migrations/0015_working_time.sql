-- Working time (issue 18, point 4): members' manual entries and managers' approvals of month sheets.
CREATE TABLE "work_time_approvals" (
	"staff_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"month" text NOT NULL,
	"minutes" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"approved_by" text,
	"approved_by_name" text NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_time_approvals_staff_id_month_pk" PRIMARY KEY("staff_id","month"),
	CONSTRAINT "work_time_approvals_month_check" CHECK ("month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "work_time_approvals_minutes_check" CHECK ("minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_time_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"day" date NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_time_entries_from_check" CHECK ("from_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "work_time_entries_to_check" CHECK ("to_time" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$' AND "to_time" > "from_time"),
	CONSTRAINT "work_time_entries_break_check" CHECK ("break_minutes" BETWEEN 0 AND 1439)
);
--> statement-breakpoint
ALTER TABLE "work_time_approvals" ADD CONSTRAINT "work_time_approvals_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_time_entries" ADD CONSTRAINT "work_time_entries_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_time_approvals_shop_month_idx" ON "work_time_approvals" USING btree ("shop_id","month");--> statement-breakpoint
CREATE INDEX "work_time_entries_staff_day_idx" ON "work_time_entries" USING btree ("shop_id","staff_id","day");