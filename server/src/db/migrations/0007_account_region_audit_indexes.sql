CREATE TABLE "account_region" (
	"account_id" integer NOT NULL,
	"plant_node_id" integer NOT NULL,
	CONSTRAINT "account_region_account_id_plant_node_id_pk" PRIMARY KEY("account_id","plant_node_id")
);
--> statement-breakpoint
ALTER TABLE "account_region" ADD CONSTRAINT "account_region_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_region" ADD CONSTRAINT "account_region_plant_node_id_plant_node_id_fk" FOREIGN KEY ("plant_node_id") REFERENCES "public"."plant_node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_account_idx" ON "audit_log" USING btree ("account_id","created_at");