CREATE TABLE "deleted_trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"undo_token" uuid NOT NULL,
	"trade_id" uuid NOT NULL,
	"import_id" uuid,
	"account_id" uuid NOT NULL,
	"opening_execution_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"opened_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"net_pnl" numeric(24, 8) NOT NULL,
	"currency" text NOT NULL,
	"execution_ids" uuid[] NOT NULL,
	"trade_created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deleted_trades" ADD CONSTRAINT "deleted_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_trades" ADD CONSTRAINT "deleted_trades_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_trades_user_deleted_idx" ON "deleted_trades" USING btree ("user_id","deleted_at");--> statement-breakpoint
CREATE INDEX "deleted_trades_token_idx" ON "deleted_trades" USING btree ("undo_token");--> statement-breakpoint
CREATE INDEX "deleted_trades_expires_idx" ON "deleted_trades" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "executions_deleted_idx" ON "executions" USING btree ("deleted_at") WHERE "executions"."deleted_at" is not null;--> statement-breakpoint
-- A deleted fill (kept 30 days for a restore) is in no trade's stretch: the view skips it.
CREATE OR REPLACE VIEW "trade_parts" AS
SELECT t.id AS trade_id,
  e.id AS execution_id,
  coalesce(l.role, CASE WHEN (e.side = 'buy') = (t.direction = 'long') THEN 'entry' ELSE 'exit' END) AS role,
  coalesce(l.quantity, e.quantity) AS quantity,
  coalesce(l.commission, e.commission) AS commission,
  coalesce(l.fees, e.fees) AS fees,
  l.trade_id IS NOT NULL AS split
FROM "trades" t
JOIN "executions" o ON o.id = t.opening_execution_id
LEFT JOIN "executions" c ON c.id = t.closing_execution_id
JOIN "executions" e ON e.account_id = t.account_id AND e.instrument_key = t.instrument_key
  AND e.executed_at >= t.opened_at AND e.executed_at <= coalesce(t.closed_at, 'infinity'::timestamptz)
  AND (e.executed_at, e.sequence) >= (o.executed_at, o.sequence)
  AND (t.closing_execution_id IS NULL OR (e.executed_at, e.sequence) <= (c.executed_at, c.sequence))
  AND e.deleted_at IS NULL
LEFT JOIN "trade_executions" l ON l.trade_id = t.id AND l.execution_id = e.id;
