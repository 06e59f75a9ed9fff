ALTER TABLE "sandbox_shops" ADD COLUMN "app_metafields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "app_url_metafield" text;