CREATE TABLE "storefront_address_counts" (
	"shop_id" uuid NOT NULL,
	"clip_id" text NOT NULL,
	"day" date NOT NULL,
	"address_hash" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "storefront_address_counts_shop_id_clip_id_day_address_hash_pk" PRIMARY KEY("shop_id","clip_id","day","address_hash")
);
--> statement-breakpoint
ALTER TABLE "storefront_address_counts" ADD CONSTRAINT "storefront_address_counts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;