CREATE SCHEMA "live";
--> statement-breakpoint
CREATE TABLE "live"."blocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"show_id" text,
	"viewer_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live"."chat_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"show_id" text NOT NULL,
	"viewer_id" text,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"seller" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live"."events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"show_id" text NOT NULL,
	"event" jsonb NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live"."pins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"show_id" text NOT NULL,
	"product_id" text NOT NULL,
	"from_seconds" double precision NOT NULL,
	"to_seconds" double precision
);
--> statement-breakpoint
CREATE TABLE "live"."presence" (
	"show_id" text NOT NULL,
	"viewer_id" text NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "presence_show_id_viewer_id_pk" PRIMARY KEY("show_id","viewer_id")
);
--> statement-breakpoint
CREATE TABLE "live"."sellers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"shop_domain" text NOT NULL,
	"email" text,
	"phone" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sellers_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "live"."shows" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"product_ids" jsonb NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"stream_key" text NOT NULL,
	"replay_seconds" double precision,
	"replay_expired" boolean DEFAULT false NOT NULL,
	"hls_ready" boolean DEFAULT false NOT NULL,
	"replay_ready" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shows_streamKey_unique" UNIQUE("stream_key")
);
--> statement-breakpoint
ALTER TABLE "live"."blocks" ADD CONSTRAINT "blocks_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "live"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live"."blocks" ADD CONSTRAINT "blocks_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "live"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live"."chat_messages" ADD CONSTRAINT "chat_messages_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "live"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live"."events" ADD CONSTRAINT "events_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "live"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live"."pins" ADD CONSTRAINT "pins_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "live"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live"."presence" ADD CONSTRAINT "presence_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "live"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live"."shows" ADD CONSTRAINT "shows_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "live"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_seller_id_viewer_id_index" ON "live"."blocks" USING btree ("seller_id","viewer_id");--> statement-breakpoint
CREATE INDEX "chat_messages_show_id_at_index" ON "live"."chat_messages" USING btree ("show_id","at");--> statement-breakpoint
CREATE INDEX "events_show_id_seq_index" ON "live"."events" USING btree ("show_id","seq");--> statement-breakpoint
CREATE INDEX "pins_show_id_id_index" ON "live"."pins" USING btree ("show_id","id");--> statement-breakpoint
CREATE INDEX "shows_seller_id_starts_at_index" ON "live"."shows" USING btree ("seller_id","starts_at");