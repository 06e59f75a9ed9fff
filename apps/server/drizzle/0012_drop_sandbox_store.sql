DROP TABLE "sandbox_app_subscriptions" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_carts" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_collection_products" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_collections" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_menus" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_orders" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_pages" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_products" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_shops" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_themes" CASCADE;