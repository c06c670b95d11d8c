CREATE TABLE "dict_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"value" text NOT NULL,
	"label_en" text NOT NULL,
	"label_zh" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_item_type_value_uq" UNIQUE("type_id","value")
);
--> statement-breakpoint
CREATE TABLE "dict_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_type_code_uq" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "dict_item" ADD CONSTRAINT "dict_item_type_id_dict_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."dict_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dict_item_type_idx" ON "dict_item" USING btree ("type_id","sort");