CREATE TABLE "push_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"token_hash" text NOT NULL,
	"token" text NOT NULL,
	"customer_id" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"route" text,
	"customer_ids" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"progress_device_id" bigint DEFAULT 0 NOT NULL,
	"ios_targeted" integer DEFAULT 0 NOT NULL,
	"ios_delivered" integer DEFAULT 0 NOT NULL,
	"ios_failed" integer DEFAULT 0 NOT NULL,
	"android_targeted" integer DEFAULT 0 NOT NULL,
	"android_delivered" integer DEFAULT 0 NOT NULL,
	"android_failed" integer DEFAULT 0 NOT NULL,
	"other_targeted" integer DEFAULT 0 NOT NULL,
	"other_delivered" integer DEFAULT 0 NOT NULL,
	"other_failed" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_opens" (
	"notification_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_opens_notification_id_token_hash_pk" PRIMARY KEY("notification_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_push_inbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"notification_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"route" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD CONSTRAINT "push_notifications_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_opens" ADD CONSTRAINT "push_opens_notification_id_push_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."push_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_devices_shop_id_token_hash_index" ON "push_devices" USING btree ("shop_id","token_hash");--> statement-breakpoint
CREATE INDEX "push_devices_shop_id_customer_id_index" ON "push_devices" USING btree ("shop_id","customer_id");--> statement-breakpoint
CREATE INDEX "push_notifications_shop_id_scheduled_at_id_index" ON "push_notifications" USING btree ("shop_id","scheduled_at","id");--> statement-breakpoint
CREATE INDEX "sandbox_push_inbox_token_hash_seq_index" ON "sandbox_push_inbox" USING btree ("token_hash","seq");