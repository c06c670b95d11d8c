-- Custom SQL migration file, put your code below! --
-- A frozen dataset version never changes (issue 13 §4): its row and its images' labels refuse UPDATE.
CREATE FUNCTION "dataset_version_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% of a frozen dataset version is immutable', TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;--> statement-breakpoint
CREATE TRIGGER "dataset_version_no_update" BEFORE UPDATE ON "dataset_version"
  FOR EACH ROW EXECUTE FUNCTION "dataset_version_immutable"();--> statement-breakpoint
CREATE TRIGGER "dataset_version_item_no_update" BEFORE UPDATE ON "dataset_version_item"
  FOR EACH ROW EXECUTE FUNCTION "dataset_version_immutable"();
