CREATE TABLE "customer_data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"webhook_id" text NOT NULL,
	"export" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_data_requests_webhookId_unique" UNIQUE("webhook_id")
);
--> statement-breakpoint
ALTER TABLE "customer_data_requests" ADD CONSTRAINT "customer_data_requests_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_data_requests_shop_received_idx" ON "customer_data_requests" USING btree ("shop_id","received_at");