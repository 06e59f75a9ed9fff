-- Plans, add-ons and features are read from catalogue.v1.json in memory (deps.catalogue); no foreign key names these tables.
DROP TABLE "billing_addons" CASCADE;--> statement-breakpoint
DROP TABLE "billing_features" CASCADE;--> statement-breakpoint
DROP TABLE "billing_plans" CASCADE;