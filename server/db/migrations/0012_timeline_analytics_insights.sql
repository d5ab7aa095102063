CREATE UNIQUE INDEX "timeline_analytics_view_day_unique" ON "timeline_analytics" USING btree ("timeline_id","user_id",(("created_at" at time zone 'UTC')::date)) WHERE "timeline_analytics"."action" = 'timeline_viewed';--> statement-breakpoint
-- Insights read (timeline_id, created_at) ranges index-only; drizzle-kit cannot express INCLUDE.
DROP INDEX IF EXISTS "timeline_analytics_timeline_idx";--> statement-breakpoint
CREATE INDEX "timeline_analytics_timeline_idx" ON "timeline_analytics" USING btree ("timeline_id","created_at") INCLUDE ("action","user_id","metadata");
