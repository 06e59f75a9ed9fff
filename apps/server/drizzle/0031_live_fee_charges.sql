CREATE TABLE "live_fee_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"order_name" text NOT NULL,
	"show_id" text NOT NULL,
	"currency" text NOT NULL,
	"revenue_minor_units" bigint NOT NULL,
	"fee_minor_units" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"usage_record_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"charged_at" timestamp with time zone,
	CONSTRAINT "live_fee_charges_shopId_orderId_unique" UNIQUE("shop_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "usage_line_item_id" text;--> statement-breakpoint
ALTER TABLE "live_fee_charges" ADD CONSTRAINT "live_fee_charges_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_fee_charges_status_next_attempt_at_index" ON "live_fee_charges" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "live_fee_charges_shop_id_ordered_at_index" ON "live_fee_charges" USING btree ("shop_id","ordered_at");