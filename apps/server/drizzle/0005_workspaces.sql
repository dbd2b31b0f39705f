CREATE TABLE "workspace_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "workspace_invitations_role_check" CHECK ("workspace_invitations"."role" in ('editor', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'editor', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" text NOT NULL,
	"personal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "visibility" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "share_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "updated_by" text;--> statement-breakpoint
-- Existing data (docs/decisions/025): every user gets a personal workspace owned by them, and
-- each project moves into its creator's; nothing else of the project changes. Projects of a
-- Free account are public (SPEC §2.7), Pro and Enterprise ones private (DESIGN §3.15).
-- A workspace's id is its own (random), never derived from the owner's: a team handed over when
-- its owner deletes the account keeps nothing of them (docs/decisions/029).
INSERT INTO "workspaces" ("id", "name", "owner_id", "personal", "created_at")
  SELECT 'ws_' || replace(gen_random_uuid()::text, '-', ''), coalesce(nullif(btrim(u."display_name"), ''), split_part(u."email", '@', 1)) || '''s workspace', u."id", true, u."created_at"
  FROM "users" u;--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
  SELECT w."id", w."owner_id", 'owner', w."created_at" FROM "workspaces" w WHERE w."personal";--> statement-breakpoint
UPDATE "projects" p SET "workspace_id" = (SELECT w."id" FROM "workspaces" w WHERE w."owner_id" = p."user_id" AND w."personal"), "updated_by" = p."user_id",
  "visibility" = CASE WHEN coalesce((SELECT up."plan" FROM "user_plans" up WHERE up."user_id" = p."user_id"), 'free') = 'free' THEN 'public' ELSE 'private' END;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
-- Accounts made later get theirs from this trigger, whichever path creates them (sign-up,
-- OAuth, admin SQL).
CREATE FUNCTION "create_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws text := 'ws_' || replace(gen_random_uuid()::text, '-', '');
BEGIN
  INSERT INTO "workspaces" ("id", "name", "owner_id", "personal")
    VALUES (ws, coalesce(nullif(btrim(NEW."display_name"), ''), split_part(NEW."email", '@', 1)) || '''s workspace', NEW."id", true);
  INSERT INTO "workspace_members" ("workspace_id", "user_id", "role")
    VALUES (ws, NEW."id", 'owner');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_personal_workspace" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "create_personal_workspace"();--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_key" ON "workspace_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_personal_owner_key" ON "workspaces" USING btree ("owner_id") WHERE "workspaces"."personal";--> statement-breakpoint
CREATE INDEX "workspaces_owner_idx" ON "workspaces" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_workspace_updated_idx" ON "projects" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_share_token_key" ON "projects" USING btree ("share_token");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_visibility_check" CHECK ("projects"."visibility" in ('public', 'private'));