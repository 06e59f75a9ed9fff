CREATE TABLE "otp_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"ip" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"shop_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"uid" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "phone_verifications_shop_id_phone_pk" PRIMARY KEY("shop_id","phone"),
	CONSTRAINT "phone_verifications_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "seller_accounts" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"uid" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"dashboard_url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seller_accounts_sellerId_unique" UNIQUE("seller_id"),
	CONSTRAINT "seller_accounts_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "store_accounts" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_normalised" text NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone,
	CONSTRAINT "store_accounts_emailNormalised_unique" UNIQUE("email_normalised")
);
--> statement-breakpoint
CREATE TABLE "onboarding_events" (
	"shop_id" uuid NOT NULL,
	"event" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "onboarding_events_shop_id_event_pk" PRIMARY KEY("shop_id","event")
);
--> statement-breakpoint
CREATE TABLE "sandbox_live_sellers" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"shop_domain" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_live_sellers_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_domain" text NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"code" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_sends" ADD CONSTRAINT "otp_sends_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_challenges" ADD CONSTRAINT "phone_challenges_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_accounts" ADD CONSTRAINT "seller_accounts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_accounts" ADD CONSTRAINT "store_accounts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_events" ADD CONSTRAINT "onboarding_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_sends_phone_sent_at_index" ON "otp_sends" USING btree ("phone","sent_at");--> statement-breakpoint
CREATE INDEX "otp_sends_ip_sent_at_index" ON "otp_sends" USING btree ("ip","sent_at");--> statement-breakpoint
CREATE INDEX "phone_challenges_shop_id_phone_index" ON "phone_challenges" USING btree ("shop_id","phone");--> statement-breakpoint
CREATE INDEX "sandbox_sms_outbox_phone_sent_at_index" ON "sandbox_sms_outbox" USING btree ("phone","sent_at");--> statement-breakpoint
CREATE INDEX "support_requests_shop_id_created_at_index" ON "support_requests" USING btree ("shop_id","created_at");