CREATE TABLE "project_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"author_id" text,
	"source" text NOT NULL,
	"prompt" text,
	"label" text,
	"message_id" text,
	"kind" text NOT NULL,
	"body" "bytea" NOT NULL,
	"code_sha256" "bytea" NOT NULL,
	CONSTRAINT "project_versions_source_check" CHECK ("project_versions"."source" in ('generation', 'edit', 'fix', 'save', 'upload', 'restore')),
	CONSTRAINT "project_versions_kind_check" CHECK ("project_versions"."kind" in ('full', 'delta'))
);
--> statement-breakpoint
ALTER TABLE "project_versions" ADD CONSTRAINT "project_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_versions" ADD CONSTRAINT "project_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_versions_project_number_key" ON "project_versions" USING btree ("project_id","number");