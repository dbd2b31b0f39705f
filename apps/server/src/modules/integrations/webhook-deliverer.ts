/**
 * Delivers webhook events (issue 49): each due delivery is claimed (so one instance sends it),
 * signed, POSTed through the server's one SSRF-safe fetcher (DESIGN §3.14: a private or loopback
 * receiver only when URL_ALLOW_LIST names it), and settled: a 2xx is done; anything else is
 * tried again after WEBHOOK_RETRY_BASE_MS, doubling, up to WEBHOOK_MAX_ATTEMPTS tries; a URL the
 * policy refuses fails at once. Deliveries are rows written with the change that made them, so
 * a restart or a crash loses none: a claimed one comes due again when its lease ends.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type SafeFetch, UrlRefusedError } from '../../lib/safe-fetch.ts';
import type { SecretBox } from './webhook-signing.ts';
import { signatureHeader } from './webhook-signing.ts';
import type { ClaimedDelivery, WebhooksRepository } from './webhooks.repository.ts';

/** How long a claimed delivery is someone's before it may be claimed again. */
const LEASE_SECONDS = 120;
/**
 * The shortest wait between two looks of the loop (a wake is at once): what is due now but was
 * not claimed is locked by another instance's claim, which takes a moment to commit.
 */
const MIN_WAIT_MS = 50;
/** Deliveries sent at once by one instance. */
const BATCH = 10;
/** Why a delivery whose secret cannot be opened failed. */
export const UNREADABLE_SECRET =
  "The webhook's signing secret cannot be read (the server's secret changed since it was made): rotate the secret.";
/** A receiver's answer is not read past this. */
const ANSWER_MAX_BYTES = 64 * 1024;

export interface DelivererOptions {
  repo: WebhooksRepository;
  box: SecretBox;
  fetcher: SafeFetch;
  maxAttempts: number;
  retryBaseMs: number;
  /**
   * How often due deliveries are looked for besides being told (a NOTIFY with each event's
   * commit, a retry's due time): a notice lost with a dropped connection waits this long.
   */
  pollMs: number;
  now: () => number;
  log: FastifyBaseLogger;
}

export function createWebhookDeliverer(options: DelivererOptions) {
  const { repo, box, fetcher, now, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let tick: Promise<void> | null = null;
  let closed = false;

  /** The secrets that sign a delivery now, or null when they cannot be read. */
  function secretsOf(delivery: ClaimedDelivery): string[] | null {
    try {
      const secrets = [box.open(delivery.secret)];
      const until = delivery.previousSecretUntil?.getTime() ?? 0;
      if (delivery.previousSecret && until > now()) secrets.push(box.open(delivery.previousSecret));
      return secrets;
    } catch {
      return null;
    }
  }

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    const secrets = secretsOf(delivery);
    // Sealed under another server secret (JWT_SECRET changed): no retry can sign it.
    if (!secrets) {
      await repo.settle(delivery.id, {
        status: 'failed',
        responseStatus: null,
        error: UNREADABLE_SECRET,
        durationMs: 0,
      });
      return;
    }
    const timestamp = Math.floor(now() / 1000);
    const started = performance.now();
    let responseStatus: number | null = null;
    let error: string;
    let refused = false;
    try {
      const answer = await fetcher.fetch({
        url: delivery.url,
        accept: ['*/*'],
        maxBytes: ANSWER_MAX_BYTES,
        post: { body: delivery.payload, contentType: 'application/json' },
        headers: {
          'webhook-id': delivery.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(secrets, delivery.id, timestamp, delivery.payload),
        },
      });
      responseStatus = answer.status;
      if (answer.status >= 200 && answer.status < 300) {
        const durationMs = Math.round(performance.now() - started);
        await repo.settle(delivery.id, {
          status: 'succeeded',
          responseStatus,
          error: null,
          durationMs,
        });
        return;
      }
      error = `The receiver answered ${answer.status}.`;
    } catch (err) {
      refused = err instanceof UrlRefusedError;
      error = err instanceof Error ? err.message : String(err);
    }
    const durationMs = Math.round(performance.now() - started);
    const last = refused || delivery.attempts >= options.maxAttempts;
    await repo.settle(delivery.id, {
      status: last ? 'failed' : 'pending',
      responseStatus,
      error,
      durationMs,
      ...(last ? {} : { retryInMs: options.retryBaseMs * 2 ** (delivery.attempts - 1) }),
    });
  }

  /** Sends what is due, batch after batch, until nothing is. */
  async function sendDue(): Promise<void> {
    for (;;) {
      if (closed) return;
      const claimed = await repo.claimDue(BATCH, LEASE_SECONDS);
      if (claimed.length === 0) return;
      await Promise.all(
        claimed.map((d) =>
          attempt(d).catch((err: unknown) =>
            log.error({ err, deliveryId: d.id }, 'webhook: settling a delivery failed'),
          ),
        ),
      );
    }
  }

  function schedule(delayMs: number) {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    timer.unref();
  }

  function run() {
    timer = null;
    if (tick || closed) return;
    tick = sendDue()
      .then(() => repo.nextDueInMs())
      .catch((err: unknown) => {
        log.error({ err }, 'webhook: looking for due deliveries failed');
        return null;
      })
      .then((dueInMs) => {
        tick = null;
        // The next retry when it comes before the next look; a new event wakes it sooner. One
        // due now was not claimable just now (another instance holds it), so not at once again.
        schedule(
          dueInMs === null
            ? options.pollMs
            : Math.min(Math.max(dueInMs, MIN_WAIT_MS), options.pollMs),
        );
      });
  }

  return {
    start: () => schedule(0),
    /** Something was just written to deliver: look now rather than at the next poll. */
    wake: () => {
      if (!tick) schedule(0);
    },
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      await tick;
    },
  };
}

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;
