ALTER TABLE "shopify_sandbox"."shops" ADD COLUMN "protected_customer_data" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_sandbox"."shops" ADD COLUMN "sales_channel" text;