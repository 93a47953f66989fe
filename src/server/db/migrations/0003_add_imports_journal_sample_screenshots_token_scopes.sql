CREATE TABLE "broker_format_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"broker_name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"file_base64" text NOT NULL,
	"file_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_mapping_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"header_signature" text NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_sha256" text NOT NULL,
	"status" text NOT NULL,
	"broker" text,
	"timezone" text,
	"detected" jsonb,
	"mapping" jsonb,
	"row_count" integer DEFAULT 0 NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"executions_added" integer DEFAULT 0 NOT NULL,
	"duplicates_skipped" integer DEFAULT 0 NOT NULL,
	"trades_created" integer DEFAULT 0 NOT NULL,
	"trades_updated" integer DEFAULT 0 NOT NULL,
	"skipped_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "journal_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"review" text DEFAULT '' NOT NULL,
	"mood" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "is_sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "scopes" text[] DEFAULT '{read,write}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "is_sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "is_sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broker_format_requests" ADD CONSTRAINT "broker_format_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mapping_templates" ADD CONSTRAINT "import_mapping_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_days" ADD CONSTRAINT "journal_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broker_format_requests_created_idx" ON "broker_format_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "import_templates_user_signature_uq" ON "import_mapping_templates" USING btree ("user_id","header_signature");--> statement-breakpoint
CREATE INDEX "imports_user_created_idx" ON "imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_days_user_day_uq" ON "journal_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_sample_uq" ON "accounts" USING btree ("user_id") WHERE "accounts"."is_sample";--> statement-breakpoint
CREATE INDEX "trades_user_symbol_id_idx" ON "trades" USING btree ("user_id","symbol","id");--> statement-breakpoint
CREATE INDEX "trades_user_net_pnl_idx" ON "trades" USING btree ("user_id","net_pnl","id");--> statement-breakpoint
CREATE INDEX "trades_user_gross_pnl_idx" ON "trades" USING btree ("user_id","gross_pnl","id");--> statement-breakpoint
CREATE INDEX "trades_user_r_multiple_idx" ON "trades" USING btree ("user_id","r_multiple","id");--> statement-breakpoint
CREATE INDEX "trades_user_quantity_idx" ON "trades" USING btree ("user_id","quantity","id");--> statement-breakpoint
CREATE INDEX "trades_user_holding_idx" ON "trades" USING btree ("user_id","holding_seconds","id");--> statement-breakpoint
CREATE INDEX "trades_user_fees_idx" ON "trades" USING btree ("user_id","fees","id");