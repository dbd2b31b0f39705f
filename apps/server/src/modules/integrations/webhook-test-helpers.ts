import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Received } from '../../test/webhook-receiver.ts';
import { newUser, upgrade } from '../db/db-test-helpers.ts';
import { call, personalWorkspace } from '../workspaces/workspace-test-helpers.ts';

/** A new user on the Enterprise plan, with their personal workspace's id. */
export async function enterpriseOwner(app: FastifyInstance) {
  const user = await newUser(app);
  expect((await upgrade(app, user.token, 'enterprise')).statusCode).toBe(200);
  return { ...user, workspaceId: await personalWorkspace(app, user.token) };
}

/** Adds a webhook to `url` for `events` in the owner's workspace (201), with its secret. */
export async function addWebhookAt(
  app: FastifyInstance,
  owner: { token: string; workspaceId: string },
  url: string,
  events: string[],
) {
  const res = await call(app, 'POST', '/api/integrations/webhooks', owner.token, {
    workspaceId: owner.workspaceId,
    url,
    events,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ webhook: { id: string }; secret: string }>();
}

/** What a receiver does to check a delivery (Standard Webhooks), written apart from the server's. */
export function signedWith(secret: string, delivery: Received): boolean {
  const id = String(delivery.headers['webhook-id']);
  const timestamp = String(delivery.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${id}.${timestamp}.${delivery.body}`)
    .digest('base64');
  return String(delivery.headers['webhook-signature'])
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

/** The `verify` of docs/api.md § Webhooks, as a reader would copy it. */
export async function verifyFromDocs() {
  const doc = await fs.readFile(new URL('../../../../../docs/api.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('Checking a delivery in Node'));
  const code = /```js\n([\s\S]*?)```/.exec(section)![1]!;
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'cw-verify-')), 'verify.mjs');
  await fs.writeFile(file, `${code}\nexport { verify };\n`);
  const mod = (await import(file)) as {
    verify: (secret: string, headers: Record<string, unknown>, body: string) => boolean;
  };
  return mod.verify;
}
