DROP INDEX "live"."chat_messages_show_id_at_index";--> statement-breakpoint
ALTER TABLE "live"."chat_messages" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_show_id_seq_index" ON "live"."chat_messages" USING btree ("show_id","seq");