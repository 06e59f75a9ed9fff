ALTER TABLE "popclips" ADD COLUMN "renditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "popclips" ADD COLUMN "loop_key" text;--> statement-breakpoint
ALTER TABLE "popclips" ADD COLUMN "poster_key" text;--> statement-breakpoint
ALTER TABLE "popclips" ADD COLUMN "captions" jsonb DEFAULT '[]'::jsonb NOT NULL;