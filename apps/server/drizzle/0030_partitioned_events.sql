-- Issue 28: per-address caps counted in distinct visitors, keyed by IPv4 address or IPv6 /64,
-- and a per-site (/48) bound on counted views.
CREATE TABLE "storefront_address_visitors" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"network" text NOT NULL,
	"kind" text NOT NULL,
	"clip_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	CONSTRAINT "storefront_address_visitors_shop_id_day_network_kind_clip_id_visitor_id_pk" PRIMARY KEY("shop_id","day","network","kind","clip_id","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "storefront_site_counts" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"site" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "storefront_site_counts_shop_id_day_site_pk" PRIMARY KEY("shop_id","day","site")
);
--> statement-breakpoint
DROP TABLE "storefront_address_counts" CASCADE;--> statement-breakpoint
ALTER TABLE "storefront_address_visitors" ADD CONSTRAINT "storefront_address_visitors_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_site_counts" ADD CONSTRAINT "storefront_site_counts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 29: dirty-hour marks are insert-only rows written in the writer's transaction.
ALTER TABLE "analytics_dirty_hours" DROP CONSTRAINT "analytics_dirty_hours_shop_id_hour_pk";--> statement-breakpoint
ALTER TABLE "analytics_dirty_hours" ADD COLUMN "id" bigint PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "analytics_dirty_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "analytics_dirty_hours" ADD COLUMN "marked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_dirty_hours_shop_hour_idx" ON "analytics_dirty_hours" USING btree ("shop_id","hour");--> statement-breakpoint
-- Issue 29: raw storefront events partitioned by month of occurred_at (PostgreSQL's native
-- partitioning; Drizzle cannot declare it, so this part is hand-written). Retention drops whole
-- partitions. A default partition catches a month whose partition was not made in time; the
-- prune job makes the coming months' partitions ahead.
ALTER SEQUENCE "storefront_events_id_seq" OWNED BY NONE;--> statement-breakpoint
ALTER TABLE "storefront_events" RENAME TO "storefront_events_unpartitioned";--> statement-breakpoint
CREATE TABLE "storefront_events" (
	"id" bigint DEFAULT nextval('storefront_events_id_seq') NOT NULL,
	"shop_id" uuid NOT NULL,
	"clip_id" text NOT NULL,
	"type" text NOT NULL,
	"visitor_id" text NOT NULL,
	"session_id" text,
	"product_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storefront_events_id_occurred_at_pk" PRIMARY KEY("id","occurred_at")
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
ALTER SEQUENCE "storefront_events_id_seq" OWNED BY "storefront_events"."id";--> statement-breakpoint
DO $$
DECLARE
	first_month date := date_trunc('month', least(
		coalesce((SELECT min(occurred_at) FROM storefront_events_unpartitioned), now()),
		now() - interval '2 months') AT TIME ZONE 'UTC')::date;
	last_month date := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months')::date;
	m date;
BEGIN
	m := first_month;
	WHILE m <= last_month LOOP
		EXECUTE format(
			'CREATE TABLE %I PARTITION OF storefront_events FOR VALUES FROM (%L) TO (%L)',
			'storefront_events_p' || to_char(m, 'YYYYMM'),
			(m::timestamp AT TIME ZONE 'UTC'),
			((m + interval '1 month')::timestamp AT TIME ZONE 'UTC'));
		m := (m + interval '1 month')::date;
	END LOOP;
END $$;--> statement-breakpoint
CREATE TABLE "storefront_events_default" PARTITION OF "storefront_events" DEFAULT;--> statement-breakpoint
INSERT INTO "storefront_events" SELECT "id", "shop_id", "clip_id", "type", "visitor_id", "session_id", "product_id", "occurred_at", "received_at" FROM "storefront_events_unpartitioned";--> statement-breakpoint
DROP TABLE "storefront_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "storefront_events" ADD CONSTRAINT "storefront_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storefront_events_shop_occurred_idx" ON "storefront_events" USING btree ("shop_id","occurred_at");--> statement-breakpoint
CREATE INDEX "storefront_events_visitor_idx" ON "storefront_events" USING btree ("shop_id","visitor_id","occurred_at");--> statement-breakpoint
CREATE INDEX "storefront_events_view_dedupe_idx" ON "storefront_events" USING btree ("shop_id","visitor_id","clip_id","received_at") WHERE type = 'view';
