CREATE TABLE "popclip_likes" (
	"shop_id" uuid NOT NULL,
	"clip_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"liked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "popclip_likes_shop_id_clip_id_visitor_id_pk" PRIMARY KEY("shop_id","clip_id","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "popclip_view_limits" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"max_views" integer NOT NULL,
	"total_views" integer NOT NULL,
	"limit_access" boolean DEFAULT false NOT NULL,
	"limited_at" timestamp with time zone,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"clip_id" text NOT NULL,
	"type" text NOT NULL,
	"visitor_id" text NOT NULL,
	"session_id" text,
	"product_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "popclip_likes" ADD CONSTRAINT "popclip_likes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popclip_view_limits" ADD CONSTRAINT "popclip_view_limits_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_events" ADD CONSTRAINT "storefront_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "popclip_likes_visitor_idx" ON "popclip_likes" USING btree ("shop_id","visitor_id");--> statement-breakpoint
CREATE INDEX "storefront_events_shop_occurred_idx" ON "storefront_events" USING btree ("shop_id","occurred_at");--> statement-breakpoint
CREATE INDEX "storefront_events_view_dedupe_idx" ON "storefront_events" USING btree ("shop_id","visitor_id","clip_id","received_at") WHERE type = 'view';