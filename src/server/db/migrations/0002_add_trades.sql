CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"broker" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"starting_balance" numeric(24, 8) DEFAULT '0' NOT NULL,
	"timezone" text DEFAULT 'America/New_York' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"executed_at" timestamp (3) with time zone NOT NULL,
	"symbol" text NOT NULL,
	"instrument_key" text NOT NULL,
	"asset_class" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(30, 12) NOT NULL,
	"price" numeric(24, 8) NOT NULL,
	"commission" numeric(24, 8) DEFAULT '0' NOT NULL,
	"fees" numeric(24, 8) DEFAULT '0' NOT NULL,
	"multiplier" numeric(24, 8) DEFAULT '1' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"broker_exec_id" text,
	"fingerprint" text NOT NULL,
	"sequence" bigint NOT NULL,
	"import_id" uuid,
	"source_row" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screenshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"opening_execution_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"caption" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#64748b' NOT NULL,
	"group" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_executions" (
	"trade_id" uuid NOT NULL,
	"execution_id" uuid NOT NULL,
	"role" text NOT NULL,
	"quantity" numeric(30, 12) NOT NULL,
	"commission" numeric(24, 8) NOT NULL,
	"fees" numeric(24, 8) NOT NULL,
	CONSTRAINT "trade_executions_trade_id_execution_id_pk" PRIMARY KEY("trade_id","execution_id")
);
--> statement-breakpoint
CREATE TABLE "trade_tags" (
	"opening_execution_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "trade_tags_opening_execution_id_tag_id_pk" PRIMARY KEY("opening_execution_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"opening_execution_id" uuid NOT NULL,
	"instrument_key" text NOT NULL,
	"symbol" text NOT NULL,
	"asset_class" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"opened_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"quantity" numeric(30, 12) NOT NULL,
	"max_position" numeric(30, 12) NOT NULL,
	"avg_entry_price" numeric(24, 8) NOT NULL,
	"avg_exit_price" numeric(24, 8),
	"multiplier" numeric(24, 8) NOT NULL,
	"currency" text NOT NULL,
	"gross_pnl" numeric(24, 8) NOT NULL,
	"commission" numeric(24, 8) NOT NULL,
	"fees" numeric(24, 8) NOT NULL,
	"net_pnl" numeric(24, 8) NOT NULL,
	"holding_seconds" double precision,
	"execution_count" integer NOT NULL,
	"stop_price" numeric(24, 8),
	"target_price" numeric(24, 8),
	"risk_amount" numeric(24, 8),
	"initial_risk" numeric(24, 8),
	"r_multiple" numeric(24, 8),
	"strategy_id" uuid,
	"rating" smallint,
	"mistakes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emotions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_risk_amount" numeric(20, 8);--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_opening_execution_id_executions_id_fk" FOREIGN KEY ("opening_execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_executions" ADD CONSTRAINT "trade_executions_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_executions" ADD CONSTRAINT "trade_executions_execution_id_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_tags" ADD CONSTRAINT "trade_tags_opening_execution_id_executions_id_fk" FOREIGN KEY ("opening_execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_tags" ADD CONSTRAINT "trade_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_opening_execution_id_executions_id_fk" FOREIGN KEY ("opening_execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_uq" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "executions_account_fingerprint_uq" ON "executions" USING btree ("account_id","fingerprint");--> statement-breakpoint
CREATE INDEX "executions_account_instrument_idx" ON "executions" USING btree ("account_id","instrument_key","executed_at");--> statement-breakpoint
CREATE INDEX "executions_user_idx" ON "executions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "screenshots_user_idx" ON "screenshots" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "screenshots_execution_idx" ON "screenshots" USING btree ("opening_execution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategies_user_name_uq" ON "strategies" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_user_name_uq" ON "tags" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "trade_executions_execution_idx" ON "trade_executions" USING btree ("execution_id");--> statement-breakpoint
CREATE INDEX "trade_tags_tag_idx" ON "trade_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_opening_execution_uq" ON "trades" USING btree ("opening_execution_id");--> statement-breakpoint
CREATE INDEX "trades_user_closed_idx" ON "trades" USING btree ("user_id","closed_at","id");--> statement-breakpoint
CREATE INDEX "trades_user_opened_idx" ON "trades" USING btree ("user_id","opened_at","id");--> statement-breakpoint
CREATE INDEX "trades_user_symbol_idx" ON "trades" USING btree ("user_id","symbol","closed_at");--> statement-breakpoint
CREATE INDEX "trades_account_instrument_idx" ON "trades" USING btree ("account_id","instrument_key");