DROP INDEX "posts_timeline_created_idx";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "timeline_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_timeline_id_timelines_id_fk" FOREIGN KEY ("timeline_id") REFERENCES "public"."timelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_timeline_created_idx" ON "comments" USING btree ("timeline_id","created_at","author_id");--> statement-breakpoint
CREATE INDEX "posts_timeline_created_idx" ON "posts" USING btree ("timeline_id","created_at","author_id","deleted_at");