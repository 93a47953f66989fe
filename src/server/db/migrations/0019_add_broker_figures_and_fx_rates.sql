CREATE TABLE "fx_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"rate" numeric(30, 12) NOT NULL,
	"source" text DEFAULT 'upload' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "broker_pnl" numeric(24, 8);--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "broker_net" numeric(24, 8);--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "broker_currency" text;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "fx_rate" numeric(30, 12);--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fx_rates_user_day_pair_uq" ON "fx_rates" USING btree ("user_id","day","from_currency","to_currency");