CREATE INDEX "comments_created_idx" ON "comments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at","id");