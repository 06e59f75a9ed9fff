CREATE TABLE "popclips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"meta_identifier" text NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"source" text DEFAULT 'device' NOT NULL,
	"source_url" text,
	"original_key" text NOT NULL,
	"original_content_type" text NOT NULL,
	"original_declared_size" integer,
	"playable_key" text,
	"thumbnail_key" text,
	"custom_thumbnail_key" text,
	"custom_thumbnail_content_type" text,
	"pending_thumbnail_key" text,
	"pending_thumbnail_content_type" text,
	"preview_key" text,
	"duration_seconds" double precision,
	"width" integer,
	"height" integer,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"display_targets" jsonb NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"playable_at" timestamp with time zone,
	CONSTRAINT "popclips_metaIdentifier_unique" UNIQUE("meta_identifier")
);
--> statement-breakpoint
ALTER TABLE "popclips" ADD CONSTRAINT "popclips_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "popclips_shop_created_idx" ON "popclips" USING btree ("shop_id","created_at","id");