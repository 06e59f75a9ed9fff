CREATE TABLE "mobile_app_configs" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"public_app_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"collection_id" text,
	"primary_color" text,
	"secondary_color" text,
	"banner_color" text,
	"live_banner_color" text,
	"banner_title" text,
	"banner_text" text,
	"live_banner_title" text,
	"live_banner_text" text,
	"font" text,
	"header_logo_url" text,
	"menu_handle" text,
	"shop_menu_handle" text,
	"custom_links_handle" text,
	"show_inventory_limit" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_app_configs_publicAppId_unique" UNIQUE("public_app_id")
);
--> statement-breakpoint
CREATE TABLE "mobile_app_request_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"change" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_app_setups" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"duns_completed_at" bigint DEFAULT 0 NOT NULL,
	"ios_dev_completed_at" bigint DEFAULT 0 NOT NULL,
	"add_dev_email_completed_at" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mobile_app_requests" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "mobile_app_requests" ADD COLUMN "sk_identifier" text;--> statement-breakpoint
ALTER TABLE "mobile_app_requests" ADD COLUMN "fields" jsonb;--> statement-breakpoint
ALTER TABLE "mobile_app_configs" ADD CONSTRAINT "mobile_app_configs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_app_request_history" ADD CONSTRAINT "mobile_app_request_history_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_app_setups" ADD CONSTRAINT "mobile_app_setups_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobile_app_request_history_shop_id_id_index" ON "mobile_app_request_history" USING btree ("shop_id","id");