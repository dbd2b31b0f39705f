/**
 * Time-outs and stream limits of the HTTP server (docs/operations.md § Time-outs and
 * streams; docs/decisions/012-time-outs-and-backpressure.md). The `_DEFAULT` values can be
 * changed through the environment variable of the same name without the suffix.
 */

/** Time to receive a request's headers, from its first byte (Node `headersTimeout`). */
export const HTTP_HEADERS_TIMEOUT_MS_DEFAULT = 20_000;

/**
 * A request body must keep arriving: it may take this long, plus one second for every
 * HTTP_BODY_MIN_BYTES_PER_SECOND bytes received. A slower body is cut off (408).
 */
export const HTTP_BODY_TIMEOUT_MS_DEFAULT = 20_000;

/** The slowest average a request body may arrive at, once HTTP_BODY_TIMEOUT_MS has passed. */
export const HTTP_BODY_MIN_BYTES_PER_SECOND = 1024;

/**
 * Longest time to receive a whole request, body included (Node `requestTimeout`). It
 * covers receiving only, never the answer (an AI stream can run as long as the model
 * does). 30 min lets a 50 MB upload through at 28 KB/s (≈ 0.23 Mbit/s).
 */
export const HTTP_REQUEST_TIMEOUT_MS_DEFAULT = 30 * 60_000;

/**
 * A connection with no byte in either direction for this long is closed (Node
 * `server.timeout`, Fastify `connectionTimeout`). Longer than an AI call may wait for the
 * model (120 s), so a non-streamed answer is never cut while the model works.
 */
export const HTTP_IDLE_TIMEOUT_MS_DEFAULT = 150_000;

/**
 * How long an idle keep-alive connection waits for its next request (Node and Fastify
 * `keepAliveTimeout`). Longer than the usual load balancer idle time (60 s), so the
 * balancer, not us, closes first.
 */
export const HTTP_KEEP_ALIVE_TIMEOUT_MS_DEFAULT = 72_000;

/** How often Node checks the headers and request time-outs (Node's own default is 30 s). */
export const HTTP_TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * An AI stream whose reader takes nothing for this long (the socket stays full) is
 * dropped: the model call is aborted and the meter refunded by the usual rule.
 */
export const AI_STREAM_STALL_MS_DEFAULT = 30_000;

/** AI answers one user may have streaming at once; one more is refused (429). */
export const AI_STREAMS_PER_USER_DEFAULT = 3;

/** The 429 text when a user already has `max` AI answers streaming. */
export function aiStreamLimitMessage(max: number): string {
  return `You already have ${max} AI answer${max === 1 ? '' : 's'} streaming. Wait for one to finish (or stop it), then try again.`;
}

/**
 * On SIGTERM the server stops accepting and lets requests in flight finish for this long
 * (env SHUTDOWN_DRAIN_SECONDS); an AI stream still running then ends with an `error` event
 * saying the server is restarting (docs/operations.md § Start and stop).
 */
export const SHUTDOWN_DRAIN_SECONDS_DEFAULT = 30;

/**
 * Admin SQL (`/sql`, `/batch`; DESIGN §3.17): each statement, and each request as a whole,
 * is stopped after this long (env ADMIN_SQL_TIMEOUT_MS).
 */
export const ADMIN_SQL_TIMEOUT_MS_DEFAULT = 30_000;

/** How long an admin SQL statement may wait for a lock another transaction holds (env ADMIN_SQL_LOCK_TIMEOUT_MS). */
export const ADMIN_SQL_LOCK_TIMEOUT_MS_DEFAULT = 5_000;

/**
 * Longest segment of a request path, in characters as sent (docs/api.md § Errors): a longer
 * one answers 414, whatever the route. Storage paths keep to it too, so every stored file
 * has a public URL.
 */
export const PATH_SEGMENT_MAX_LENGTH = 100;
