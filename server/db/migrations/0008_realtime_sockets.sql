-- UNLOGGED by hand (drizzle-kit cannot say it): open sockets are live state, not data; a crash empties
-- these tables, and every instance registers its sockets again at its next heartbeat.
CREATE UNLOGGED TABLE "realtime_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "realtime_sockets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"instance_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"opened_us" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "realtime_sockets" ADD CONSTRAINT "realtime_sockets_instance_id_realtime_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."realtime_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_sockets_user_idx" ON "realtime_sockets" USING btree ("user_id","opened_us");