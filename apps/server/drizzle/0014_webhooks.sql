CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"response_status" integer,
	"error" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhooks_workspace_idx" ON "webhooks" USING btree ("workspace_id");--> statement-breakpoint
-- Webhook events (issue 49, docs/api.md § Webhooks): written as deliveries in the transaction of
-- the change, whichever path made it (db REST, a restore, an accepted edit, an invitation), for
-- each webhook of the workspace that asked for the event, while the workspace is on Enterprise
-- (the one plan with custom integrations: packages/contract/src/plans.ts).
CREATE FUNCTION "webhook_enqueue"(p_workspace text, p_event text, p_data jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_deliveries" ("id", "webhook_id", "event", "payload")
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), h."id", p_event,
    jsonb_build_object('type', p_event,
      'timestamp', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'workspaceId', p_workspace, 'data', p_data)
  FROM "webhooks" h
  JOIN "workspaces" w ON w."id" = h."workspace_id"
  LEFT JOIN "user_plans" up ON up."user_id" = w."owner_id"
  WHERE h."workspace_id" = p_workspace AND p_event = ANY(h."events")
    AND coalesce(up."plan", 'free') = 'enterprise';
  -- Every instance's deliverer hears of it with the commit (webhook-deliverer.ts).
  IF FOUND THEN
    PERFORM pg_notify('codewright_webhooks', '');
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "webhook_project_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p projects;
  event text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    p := OLD;
    event := 'project.deleted';
  ELSIF TG_OP = 'INSERT' THEN
    p := NEW;
    event := 'project.created';
  ELSE
    -- As the realtime trigger (0009): a touch of updated_at or a new share token is no change.
    IF NEW."name" IS NOT DISTINCT FROM OLD."name" AND NEW."code" IS NOT DISTINCT FROM OLD."code"
      AND NEW."language" IS NOT DISTINCT FROM OLD."language"
      AND NEW."description" IS NOT DISTINCT FROM OLD."description"
      AND NEW."visibility" IS NOT DISTINCT FROM OLD."visibility"
      AND NEW."workspace_id" IS NOT DISTINCT FROM OLD."workspace_id" THEN
      RETURN NULL;
    END IF;
    p := NEW;
    event := 'project.updated';
  END IF;
  PERFORM "webhook_enqueue"(p."workspace_id", event, jsonb_build_object(
    'projectId', p."id", 'name', p."name", 'language', p."language",
    'visibility', p."visibility",
    'updatedBy', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE p."updated_by" END,
    'codeChanged', TG_OP = 'UPDATE' AND NEW."code" IS DISTINCT FROM OLD."code"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "webhook_project_change" AFTER INSERT OR UPDATE OR DELETE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "webhook_project_change"();--> statement-breakpoint
CREATE FUNCTION "webhook_member_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "webhook_enqueue"(NEW."workspace_id", 'member.joined',
      jsonb_build_object('userId', NEW."user_id", 'role', NEW."role"));
  ELSE
    PERFORM "webhook_enqueue"(OLD."workspace_id", 'member.left',
      jsonb_build_object('userId', OLD."user_id", 'role', OLD."role"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "webhook_member_change" AFTER INSERT OR DELETE ON "workspace_members"
  FOR EACH ROW EXECUTE FUNCTION "webhook_member_change"();--> statement-breakpoint
CREATE FUNCTION "webhook_version_created"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws text;
BEGIN
  SELECT "workspace_id" INTO ws FROM "projects" WHERE "id" = NEW."project_id";
  IF ws IS NOT NULL THEN
    PERFORM "webhook_enqueue"(ws, 'version.created', jsonb_build_object(
      'projectId', NEW."project_id", 'versionId', NEW."id", 'number', NEW."number",
      'source', NEW."source", 'authorId', NEW."author_id"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "webhook_version_created" AFTER INSERT ON "project_versions"
  FOR EACH ROW EXECUTE FUNCTION "webhook_version_created"();
