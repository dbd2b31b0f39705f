-- Live project changes (docs/decisions/046, docs/api.md § Realtime): every change of a project a
-- user can see, whichever path made it (db REST, a restore, an accepted edit, a deleted account),
-- is kept as a message on its workspace's channel (created, updated, deleted) and its own channel
-- (updated, deleted), and told to every instance with the commit. The sender is null (the server
-- itself); who made the change is in the payload. 100 = REALTIME_HISTORY_PER_CHANNEL.
CREATE FUNCTION "realtime_keep"(p_channel text, p_event text, p_payload jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  kept realtime_messages;
  whole text;
BEGIN
  INSERT INTO "realtime_messages" ("channel", "event", "payload")
    VALUES (p_channel, p_event, p_payload) RETURNING * INTO kept;
  DELETE FROM "realtime_messages" WHERE "channel" = p_channel AND "id" IN (
    SELECT "id" FROM "realtime_messages" WHERE "channel" = p_channel ORDER BY "id" DESC OFFSET 100);
  whole := json_build_object('origin', 'database', 'message', json_build_object(
    'id', kept."id"::text, 'channel', kept."channel", 'event', kept."event",
    'payload', kept."payload", 'senderId', NULL,
    'createdAt', to_char(kept."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text;
  PERFORM pg_notify('codewright_realtime', CASE WHEN octet_length(whole) <= 7900 THEN whole
    ELSE json_build_object('origin', 'database', 'id', kept."id"::text)::text END);
END
$$;--> statement-breakpoint
CREATE FUNCTION "realtime_project_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p projects;
  event text;
  by_name text;
  payload jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    p := OLD;
    event := 'project.deleted';
  ELSIF TG_OP = 'INSERT' THEN
    p := NEW;
    event := 'project.created';
  ELSE
    -- A touch of updated_at alone, or a new share token, changes nothing anyone sees.
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
  SELECT coalesce(nullif(btrim(u."display_name"), ''), split_part(u."email", '@', 1)) INTO by_name
    FROM "users" u WHERE u."id" = p."updated_by";
  payload := jsonb_build_object(
    'projectId', p."id", 'workspaceId', p."workspace_id", 'name', p."name",
    'updatedAt', to_char(p."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedBy', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE p."updated_by" END,
    'updatedByName', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE by_name END,
    'codeChanged', TG_OP = 'UPDATE' AND NEW."code" IS DISTINCT FROM OLD."code");
  PERFORM "realtime_keep"('workspace:' || p."workspace_id", event, payload);
  IF TG_OP = 'UPDATE' AND NEW."workspace_id" IS DISTINCT FROM OLD."workspace_id" THEN
    PERFORM "realtime_keep"('workspace:' || OLD."workspace_id", 'project.deleted', payload);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "realtime_keep"('project:' || p."id", event, payload);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "projects_realtime" AFTER INSERT OR UPDATE OR DELETE ON "projects" FOR EACH ROW EXECUTE FUNCTION "realtime_project_change"();
