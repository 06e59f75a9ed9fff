CREATE TABLE "analytics_clip_daily" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"clip_id" text NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"add_to_carts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_clip_daily_shop_id_day_clip_id_pk" PRIMARY KEY("shop_id","day","clip_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_clip_hourly" (
	"shop_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"clip_id" text NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"add_to_carts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_clip_hourly_shop_id_hour_clip_id_pk" PRIMARY KEY("shop_id","hour","clip_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_dirty_hours" (
	"shop_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_dirty_hours_shop_id_hour_pk" PRIMARY KEY("shop_id","hour")
);
--> statement-breakpoint
CREATE TABLE "analytics_sales_daily" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"window_days" smallint NOT NULL,
	"currency" text NOT NULL,
	"clip_id" text NOT NULL,
	"orders" integer NOT NULL,
	"direct_cents" bigint NOT NULL,
	"indirect_cents" bigint NOT NULL,
	"influenced_cents" bigint NOT NULL,
	CONSTRAINT "analytics_sales_daily_shop_id_day_window_days_currency_clip_id_pk" PRIMARY KEY("shop_id","day","window_days","currency","clip_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_settings" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"rollup_time_zone" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_store_daily" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"sales_cents" bigint NOT NULL,
	CONSTRAINT "analytics_store_daily_shop_id_day_currency_pk" PRIMARY KEY("shop_id","day","currency")
);
--> statement-breakpoint
ALTER TABLE "order_attributions" ADD COLUMN "window_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_attributions" DROP CONSTRAINT "order_attributions_shop_id_order_id_line_item_id_pk";--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_shop_id_order_id_window_days_line_item_id_pk" PRIMARY KEY("shop_id","order_id","window_days","line_item_id");--> statement-breakpoint
ALTER TABLE "analytics_clip_daily" ADD CONSTRAINT "analytics_clip_daily_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_clip_hourly" ADD CONSTRAINT "analytics_clip_hourly_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_dirty_hours" ADD CONSTRAINT "analytics_dirty_hours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_sales_daily" ADD CONSTRAINT "analytics_sales_daily_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_settings" ADD CONSTRAINT "analytics_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_store_daily" ADD CONSTRAINT "analytics_store_daily_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every hour that already has events or orders is rolled up by the first runs of analytics.rollup.
INSERT INTO "analytics_dirty_hours" ("shop_id", "hour")
SELECT DISTINCT "shop_id", date_trunc('hour', "occurred_at", 'UTC') FROM "storefront_events"
UNION
SELECT DISTINCT "shop_id", date_trunc('hour', "ordered_at", 'UTC') FROM "storefront_orders";
