CREATE TABLE "rule_checks" (
	"opening_execution_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_checks_opening_execution_id_rule_id_pk" PRIMARY KEY("opening_execution_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "strategy_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"strategy_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"text" text NOT NULL,
	"position" integer NOT NULL,
	"revisions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "asset_classes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "timeframe" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "entry_criteria" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "exit_criteria" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "risk_rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "color" text DEFAULT '#2563eb' NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rule_checks" ADD CONSTRAINT "rule_checks_opening_execution_id_executions_id_fk" FOREIGN KEY ("opening_execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_checks" ADD CONSTRAINT "rule_checks_rule_id_strategy_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."strategy_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_checks" ADD CONSTRAINT "rule_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_rules" ADD CONSTRAINT "strategy_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_rules" ADD CONSTRAINT "strategy_rules_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rule_checks_rule_idx" ON "rule_checks" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "strategy_rules_strategy_idx" ON "strategy_rules" USING btree ("strategy_id","position");