CREATE TABLE "position_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"import_id" uuid,
	"kind" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"sequence" bigint NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"symbol" text NOT NULL,
	"instrument_key" text NOT NULL,
	"asset_class" text NOT NULL,
	"quantity_delta" numeric(30, 12) NOT NULL,
	"price" numeric(24, 8),
	"ratio" numeric(30, 12),
	"from_symbol" text,
	"to_symbol" text,
	"to_instrument_key" text,
	"cash_amount" numeric(24, 8),
	"fees" numeric(24, 8),
	"held_quantity" numeric(30, 12),
	"currency" text NOT NULL,
	"multiplier" numeric(24, 8) DEFAULT '1' NOT NULL,
	"source_row" integer,
	"paired_row" integer,
	"fingerprint" text NOT NULL,
	"resolved_instrument_key" text,
	"applied_instrument_key" text,
	"applied_ratio" numeric(30, 12),
	"problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "position_event_id" uuid;--> statement-breakpoint
ALTER TABLE "position_events" ADD CONSTRAINT "position_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "position_events_account_fingerprint_uq" ON "position_events" USING btree ("account_id","fingerprint");--> statement-breakpoint
CREATE INDEX "position_events_account_at_idx" ON "position_events" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "position_events_import_idx" ON "position_events" USING btree ("import_id") WHERE "position_events"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "executions_position_event_idx" ON "executions" USING btree ("position_event_id") WHERE "executions"."position_event_id" is not null;