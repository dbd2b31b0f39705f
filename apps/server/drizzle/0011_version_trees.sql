CREATE TABLE "project_blobs" (
	"project_id" text NOT NULL,
	"sha256" "bytea" NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "project_blobs_project_id_sha256_pk" PRIMARY KEY("project_id","sha256")
);
--> statement-breakpoint
CREATE TABLE "project_version_files" (
	"project_id" text NOT NULL,
	"path" text NOT NULL,
	"number" integer NOT NULL,
	"sha256" "bytea",
	CONSTRAINT "project_version_files_project_id_path_number_pk" PRIMARY KEY("project_id","path","number")
);
--> statement-breakpoint
ALTER TABLE "project_versions" ADD COLUMN "main_path" text;--> statement-breakpoint
ALTER TABLE "project_blobs" ADD CONSTRAINT "project_blobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_version_files" ADD CONSTRAINT "project_version_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;