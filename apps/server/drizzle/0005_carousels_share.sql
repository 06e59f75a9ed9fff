CREATE TABLE "carousels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"type_ids" jsonb NOT NULL,
	"sorted_popclips_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popclips_settings" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"hide_pop_clips_on_pdp" boolean NOT NULL,
	"show_views_on_pop_clips" boolean NOT NULL,
	"show_likes_on_pop_clips" boolean NOT NULL,
	"enable_shop_features_buy_btn" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"popclip_id" uuid,
	"meta_identifier" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_links_popclipId_unique" UNIQUE("popclip_id"),
	CONSTRAINT "share_links_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "carousels" ADD CONSTRAINT "carousels_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popclips_settings" ADD CONSTRAINT "popclips_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_popclip_id_popclips_id_fk" FOREIGN KEY ("popclip_id") REFERENCES "public"."popclips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carousels_shop_created_idx" ON "carousels" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "share_links_shop_created_idx" ON "share_links" USING btree ("shop_id","created_at");