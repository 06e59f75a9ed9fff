CREATE TABLE "holdout_tests" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"percent" smallint NOT NULL,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holdout_visits" (
	"shop_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"cohort" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "holdout_visits_shop_id_visitor_id_pk" PRIMARY KEY("shop_id","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "holdout_tests" ADD CONSTRAINT "holdout_tests_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdout_visits" ADD CONSTRAINT "holdout_visits_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storefront_orders_order_idx" ON "storefront_orders" USING btree ("order_id");