CREATE TABLE "collection_snapshots" (
	"shop_id" uuid NOT NULL,
	"collection_id" text NOT NULL,
	"product_ids" jsonb NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "collection_snapshots_shop_id_collection_id_pk" PRIMARY KEY("shop_id","collection_id")
);
--> statement-breakpoint
CREATE TABLE "product_snapshots" (
	"shop_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"product" jsonb,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_snapshots_shop_id_product_id_pk" PRIMARY KEY("shop_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "collection_snapshots" ADD CONSTRAINT "collection_snapshots_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_snapshots" ADD CONSTRAINT "product_snapshots_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;