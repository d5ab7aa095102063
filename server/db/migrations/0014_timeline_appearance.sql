ALTER TABLE "timelines" ADD COLUMN "cover_image_url" text;--> statement-breakpoint
ALTER TABLE "timelines" ADD COLUMN "accent_color" varchar(20);--> statement-breakpoint
ALTER TABLE "timelines" ADD COLUMN "icon" varchar(64);