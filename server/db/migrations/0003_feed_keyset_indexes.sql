DROP INDEX "comments_post_created_idx";--> statement-breakpoint
DROP INDEX "posts_timeline_created_idx";--> statement-breakpoint
CREATE INDEX "posts_timeline_type_created_idx" ON "posts" USING btree ("timeline_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_post_created_idx" ON "comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_timeline_created_idx" ON "posts" USING btree ("timeline_id","created_at","id","author_id","deleted_at");