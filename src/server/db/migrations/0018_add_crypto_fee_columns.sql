ALTER TABLE "executions" ADD COLUMN "quantity_step" numeric(30, 12);--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "unconverted_fee" numeric(24, 8);--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "unconverted_fee_asset" text;