/**
 * Webhook secrets and signatures (issue 49), in the Standard Webhooks layout: a secret is
 * `whsec_` and 24 random bytes (base64); a delivery is signed with HMAC-SHA256 of
 * `${id}.${timestamp}.${body}` under the secret's bytes, sent as `v1,<base64>` (several,
 * space-separated, while a rotated-out secret still signs). Secrets are kept encrypted
 * (AES-256-GCM under a key derived from the server's secret), so a copy of the database alone
 * cannot forge deliveries.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret, as shown to the workspace owner. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** The signature header value of one delivery under each of `secrets`. */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`);
      return `v1,${mac.digest('base64')}`;
    })
    .join(' ');
}

/** Encrypts and decrypts secrets for the database under a key derived from `serverSecret`. */
export function createSecretBox(serverSecret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'codewright', 'webhook signing secrets', 32),
  );
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed].map((p) => p.toString('base64')).join('.');
    },
    open(stored: string): string {
      const [, iv, tag, sealed] = stored.split('.').map((p) => Buffer.from(p, 'base64'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
