import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './durable-fs.ts';

/** Shorter than this is not a secret we wrote (a torn or emptied file): make a new one. */
const MIN_SECRET_LENGTH = 32;

/**
 * The JWT signing secret: JWT_SECRET when set, else one generated on first start
 * into DATA_DIR/secret (mode 0600) so tokens survive restarts with zero config.
 * The file is written atomically (docs/decisions/011); an empty or short file —
 * what a power cut can leave of a non-atomic write — is replaced, never fatal.
 */
export async function loadJwtSecret(
  jwtSecret: string | undefined,
  dataDir: string,
): Promise<string> {
  if (jwtSecret) return jwtSecret;
  const file = path.join(dataDir, 'secret');
  const existing = await readSecret(file);
  if (existing) return existing;
  await fs.mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // Exclusive: if another process wrote a good one first, theirs wins.
    await writeFileAtomic(file, `${secret}\n`, { mode: 0o600, exclusive: true });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const theirs = await readSecret(file);
  if (theirs) return theirs;
  // What is there is unusable (empty or torn): replace it.
  await writeFileAtomic(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

async function readSecret(file: string): Promise<string | undefined> {
  try {
    const text = (await fs.readFile(file, 'utf8')).trim();
    return text.length >= MIN_SECRET_LENGTH ? text : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return undefined;
  }
}
