CREATE TABLE "popclip_product_counts" (
	"shop_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"clip_count" integer NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	CONSTRAINT "popclip_product_counts_shop_id_product_id_pk" PRIMARY KEY("shop_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_products" ADD COLUMN "metafields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "popclip_product_counts" ADD CONSTRAINT "popclip_product_counts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;