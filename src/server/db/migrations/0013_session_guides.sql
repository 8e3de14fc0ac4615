-- The guides assigned to a session: a guide sees the manifests and dashboard entries of these
-- sessions only (issue 21); planning (issue 18) assigns them.
CREATE TABLE IF NOT EXISTS "session_guides" (
	"session_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"assigned_by" text,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_guides_session_id_staff_id_pk" PRIMARY KEY("session_id","staff_id")
);
--> statement-breakpoint
ALTER TABLE "session_guides" ADD CONSTRAINT "session_guides_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_guides" ADD CONSTRAINT "session_guides_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "session_guides_staff_idx" ON "session_guides" USING btree ("staff_id","shop_id");
