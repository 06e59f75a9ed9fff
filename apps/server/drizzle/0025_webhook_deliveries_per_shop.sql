DROP INDEX "storefront_orders_order_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_webhook_id_topic_pk";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_shop_domain_topic_webhook_id_pk" PRIMARY KEY("shop_domain","topic","webhook_id");