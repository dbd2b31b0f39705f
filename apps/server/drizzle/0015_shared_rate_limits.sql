-- Rate-limit counters shared by every instance on this database (modules/rate-limits). UNLOGGED
-- by hand (drizzle cannot express it): no WAL for a counter bumped on every API request, and a
-- crash that empties the table only forgives the window in progress.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
