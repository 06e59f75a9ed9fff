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
CREATE TABLE "operator_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"totp_secret" text,
	"pending_totp_secret" text,
	"created_at" timestamp with time zone NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "operator_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "sandbox_live_shows" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"product_ids" jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"replay_file" text,
	"replay_seconds" double precision,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banner_dismissals" ADD CONSTRAINT "banner_dismissals_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_dismissals" ADD CONSTRAINT "banner_dismissals_rule_id_banner_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."banner_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_user_id_operator_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."operator_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_live_shows" ADD CONSTRAINT "sandbox_live_shows_seller_id_sandbox_live_sellers_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sandbox_live_sellers"("seller_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_dismissals_rule_id_index" ON "banner_dismissals" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "operator_audit_log_at_index" ON "operator_audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operator_audit_log_target_at_index" ON "operator_audit_log" USING btree ("target","at");--> statement-breakpoint
CREATE INDEX "operator_sessions_user_id_index" ON "operator_sessions" USING btree ("user_id");