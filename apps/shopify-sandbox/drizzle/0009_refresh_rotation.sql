ALTER TABLE "shopify_sandbox"."access_tokens" ADD COLUMN "refresh_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopify_sandbox"."access_tokens" ADD COLUMN "replaces" text;