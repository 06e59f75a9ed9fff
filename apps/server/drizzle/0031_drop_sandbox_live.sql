DROP TABLE "sandbox_live_sellers" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_live_shows" CASCADE;