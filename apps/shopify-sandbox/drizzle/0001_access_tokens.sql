CREATE TABLE "shopify_sandbox"."access_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"shop_domain" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone,
	"refresh_token" text,
	"refresh_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "access_tokens_refreshToken_unique" UNIQUE("refresh_token")
);
--> statement-breakpoint
CREATE INDEX "access_tokens_shop_domain_index" ON "shopify_sandbox"."access_tokens" USING btree ("shop_domain");