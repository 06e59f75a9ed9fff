CREATE TABLE "shopify_sandbox"."storefront_access_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shopify_sandbox"."storefront_access_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token" text NOT NULL,
	"shop_domain" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storefront_access_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE INDEX "storefront_access_tokens_shop_domain_index" ON "shopify_sandbox"."storefront_access_tokens" USING btree ("shop_domain");