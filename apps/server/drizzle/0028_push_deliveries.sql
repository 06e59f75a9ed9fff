CREATE TABLE "push_deliveries" (
	"notification_id" uuid NOT NULL,
	"device_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"state" text NOT NULL,
	CONSTRAINT "push_deliveries_notification_id_device_id_pk" PRIMARY KEY("notification_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "push_devices" ADD COLUMN "registered_from" text;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_push_inbox" ADD COLUMN "open_token" text;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_notification_id_push_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."push_notifications"("id") ON DELETE cascade ON UPDATE no action;