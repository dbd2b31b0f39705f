import { randomBytes } from 'node:crypto';

/** A server-generated id such as `usr_3kf9…`: a prefix and 16 random bytes, base64url. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}
