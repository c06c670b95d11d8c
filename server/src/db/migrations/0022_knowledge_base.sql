CREATE TABLE "knowledge_article" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"body_en" text NOT NULL,
	"body_zh" text NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "knowledge_article_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "knowledge_image" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"kind" text NOT NULL,
	"caption_en" text NOT NULL,
	"caption_zh" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_article" ADD CONSTRAINT "knowledge_article_updated_by_account_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_image" ADD CONSTRAINT "knowledge_image_article_id_knowledge_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_image_article_idx" ON "knowledge_image" USING btree ("article_id","id");