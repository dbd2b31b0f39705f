CREATE TABLE "project_files" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" text,
	"path" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_files_project_path_key" ON "project_files" USING btree ("project_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "project_files_one_main_key" ON "project_files" USING btree ("project_id") WHERE "project_files"."is_main";--> statement-breakpoint
-- Every project is a tree whose main file is its code (issue 45): existing projects become a
-- one-file tree, and from now on the main file and projects.code are kept equal both ways in the
-- writing transaction (each side changes the other only when they differ, so it stops there).
CREATE FUNCTION "project_main_path"(language text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'main.' || CASE language
    WHEN 'JavaScript' THEN 'js' WHEN 'TypeScript' THEN 'ts' WHEN 'Python' THEN 'py'
    WHEN 'Go' THEN 'go' WHEN 'Rust' THEN 'rs' WHEN 'Java' THEN 'java' WHEN 'C#' THEN 'cs'
    WHEN 'C++' THEN 'cpp' ELSE 'txt' END
$$;--> statement-breakpoint
CREATE FUNCTION "project_file_id"() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'file_' || (extract(epoch from clock_timestamp()) * 1000)::bigint || '_'
    || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)
$$;--> statement-breakpoint
INSERT INTO "project_files" ("id", "project_id", "user_id", "path", "content", "is_main", "created_at", "updated_at")
  SELECT "project_file_id"(), p."id", p."user_id", "project_main_path"(p."language"), p."code", true, p."created_at", p."updated_at"
  FROM "projects" p;--> statement-breakpoint
CREATE FUNCTION "project_code_to_main_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "project_files" ("id", "project_id", "user_id", "path", "content", "is_main")
      VALUES ("project_file_id"(), NEW."id", NEW."user_id", "project_main_path"(NEW."language"), NEW."code", true);
  ELSIF NEW."code" IS DISTINCT FROM OLD."code" THEN
    UPDATE "project_files" SET "content" = NEW."code", "updated_at" = now()
      WHERE "project_id" = NEW."id" AND "is_main" AND "content" IS DISTINCT FROM NEW."code";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "projects_main_file" AFTER INSERT OR UPDATE OF "code" ON "projects" FOR EACH ROW EXECUTE FUNCTION "project_code_to_main_file"();--> statement-breakpoint
CREATE FUNCTION "project_main_file_to_code"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."is_main" AND NEW."content" IS DISTINCT FROM OLD."content" THEN
    UPDATE "projects" SET "code" = NEW."content", "updated_at" = date_trunc('milliseconds', now())
      WHERE "id" = NEW."project_id" AND "code" IS DISTINCT FROM NEW."content";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "project_files_main_code" AFTER UPDATE OF "content" ON "project_files" FOR EACH ROW EXECUTE FUNCTION "project_main_file_to_code"();
