CREATE TABLE "shopify_sandbox"."webhook_deliveries" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"shop_domain" text NOT NULL,
	"topic" text NOT NULL,
	"body" text NOT NULL,
	"triggered_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_shop_domain_triggered_at_index" ON "shopify_sandbox"."webhook_deliveries" USING btree ("shop_domain","triggered_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_next_attempt_at_index" ON "shopify_sandbox"."webhook_deliveries" USING btree ("next_attempt_at");