-- Search reads one threadline's matches from a two-column GIN index (btree_gin: trusted, so the database
-- owner may create it; PGlite loads it from its contrib bundle). A larger statistics target stops prefix
-- queries that cover many rare words from being underestimated a hundredfold.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "posts_search_idx";--> statement-breakpoint
CREATE INDEX "posts_timeline_search_idx" ON "posts" USING gin ("timeline_id","search_vector");--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "search_vector" SET STATISTICS 1000;
