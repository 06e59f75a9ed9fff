ALTER TABLE "shopify_sessions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopify_sessions" ADD COLUMN "refresh_token" text;--> statement-breakpoint
ALTER TABLE "shopify_sessions" ADD COLUMN "refresh_expires_at" timestamp with time zone;