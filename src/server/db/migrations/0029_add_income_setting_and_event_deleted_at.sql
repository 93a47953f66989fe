ALTER TABLE "position_events" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "income" numeric(24, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_income_in_net_pnl" boolean DEFAULT false NOT NULL;