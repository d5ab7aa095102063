DROP INDEX "timeline_join_requests_timeline_status_idx";--> statement-breakpoint
CREATE INDEX "timeline_blocked_users_timeline_blocked_idx" ON "timeline_blocked_users" USING btree ("timeline_id","blocked_at","id");--> statement-breakpoint
CREATE INDEX "timeline_join_requests_timeline_status_created_idx" ON "timeline_join_requests" USING btree ("timeline_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "timeline_join_requests_timeline_created_idx" ON "timeline_join_requests" USING btree ("timeline_id","created_at","id");