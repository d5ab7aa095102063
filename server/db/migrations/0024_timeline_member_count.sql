ALTER TABLE "timelines" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "timelines" SET "member_count" = "m"."n" FROM (SELECT "timeline_id", count(*)::int AS "n" FROM "timeline_members" GROUP BY "timeline_id") AS "m" WHERE "m"."timeline_id" = "timelines"."id";
