CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"category" varchar(20),
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"declared_size" bigint,
	"size" bigint,
	"content_type" varchar(255),
	"file_name" varchar(255),
	"width" integer,
	"height" integer,
	"thumbnail_key" text,
	"multipart_id" text,
	"url_used_at" timestamp with time zone,
	"post_id" uuid,
	"timeline_id" uuid,
	"message_id" uuid,
	"avatar_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stored_at" timestamp with time zone,
	"attached_at" timestamp with time zone,
	CONSTRAINT "uploads_key_unique" UNIQUE("key"),
	CONSTRAINT "uploads_status_check" CHECK ("uploads"."status" in ('pending', 'stored', 'attached'))
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "storage_used_bytes" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_timeline_id_timelines_id_fk" FOREIGN KEY ("timeline_id") REFERENCES "public"."timelines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_avatar_of_users_id_fk" FOREIGN KEY ("avatar_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "uploads_status_created_idx" ON "uploads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "uploads_post_idx" ON "uploads" USING btree ("post_id");