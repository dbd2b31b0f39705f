import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Received } from '../../test/webhook-receiver.ts';

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
