CREATE TABLE "banner_dismissals" (
	"shop_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"dismissed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "banner_dismissals_shop_id_rule_id_pk" PRIMARY KEY("shop_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "banner_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_name" text NOT NULL,
	"is_active" boolean NOT NULL,
	"heading_text" text NOT NULL,
	"render_html" text NOT NULL,
	"render_url" text,
	"is_external_cta_link" boolean NOT NULL,
	"cta_text" text NOT NULL,
	"cta_link" text NOT NULL,
	"target_plans" text[] NOT NULL,
	"target_features" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banner_dismissals" ADD CONSTRAINT "banner_dismissals_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_dismissals" ADD CONSTRAINT "banner_dismissals_rule_id_banner_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."banner_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_dismissals_rule_id_index" ON "banner_dismissals" USING btree ("rule_id");