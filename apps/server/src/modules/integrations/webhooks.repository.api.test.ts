// When the deliverer looks again (webhook-deliverer.ts): nextDueInMs on a real database. It once
// read "nothing pending" as "due now", so every idle server looked for deliveries in a loop with
// no wait (about 500 queries and a sixth of a core a second, and as much of its database's).
import { describe, expect, it } from 'vitest';
import { aroundTests } from '../../test/around-tests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { startWebhookReceiver } from '../../test/webhook-receiver.ts';
import { createProject } from '../db/db-test-helpers.ts';
import { addWebhookAt, enterpriseOwner } from './webhook-test-helpers.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';

const RETRY_MS = 60_000;
const receiver = aroundTests('the receiver is', startWebhookReceiver, (r) => r.close());
const t = useTestApp({ URL_ALLOW_LIST: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: String(RETRY_MS) });

describe('the next webhook delivery due', () => {
  it('is none on a server with nothing to deliver, then the wait until a retry', async () => {
    const repo = createWebhooksRepository(t.app.db);
    expect(await repo.nextDueInMs()).toBeNull();

    receiver().answerWith(() => 503);
    const owner = await enterpriseOwner(t.app);
    await addWebhookAt(t.app, owner, receiver().url('/down'), ['project.created']);
    await createProject(t.app, owner.token);
    // The first try fails; the delivery waits a minute for its second.
    await expect.poll(() => receiver().at('/down').length).toBe(1);
    await expect.poll(async () => repo.nextDueInMs()).toBeGreaterThan(RETRY_MS - 10_000);
    expect(await repo.nextDueInMs()).toBeLessThanOrEqual(RETRY_MS);
  });
});
