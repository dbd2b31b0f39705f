/**
 * Persistence of the token set (SPEC §4.1): one JSON entry in localStorage
 * (key `codewright.auth` by default) holding the session, the computed expiry
 * times, the user and the measured clock skew. Falls back to memory when
 * localStorage is missing or refuses writes (private mode, quota, SSR).
 */
import type { Session, StorageLike, User } from '../types.ts';
import { accessTokenExpiresAtMs, refreshTokenExpiresAtMs } from './token-math.ts';

export const DEFAULT_STORAGE_KEY = 'codewright.auth';

/** What is kept under the storage key. Expiry times are local-clock epoch ms. */
export interface StoredAuth {
  version: 1;
  session: Session;
  user: User | null;
  /** Local time from which the access token is no longer used (30 s margin included). */
  accessExpiresAt: number;
  /** Local time at which the refresh token expires. */
  refreshExpiresAt: number;
  /** Server clock minus local clock, measured when the tokens were issued. */
  clockSkewMs: number;
}

/** A Map-backed StorageLike for when no real storage is usable. */
export function createMemoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** window.localStorage when it works, else null. */
export function browserLocalStorage(): Storage | null {
  try {
    if (typeof window === 'undefined' || !window.localStorage) return null;
    const probe = '__codewright_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return null;
  }
}

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.accessToken === 'string' &&
    typeof s.refreshToken === 'string' &&
    typeof s.expiresIn === 'number' &&
    typeof s.refreshExpiresIn === 'number' &&
    typeof s.issuedAt === 'number'
  );
}

function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const u = value as Record<string, unknown>;
  return typeof u.id === 'string' && typeof u.email === 'string';
}

/** Reads the stored entry; anything unreadable counts as absent. */
export function parseStoredAuth(raw: string | null): StoredAuth | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Record<string, unknown>;
    if (!isSession(data.session)) return null;
    return {
      version: 1,
      session: { ...data.session, tokenType: 'Bearer' },
      user: isUser(data.user) ? data.user : null,
      accessExpiresAt: Number(data.accessExpiresAt) || 0,
      refreshExpiresAt: Number(data.refreshExpiresAt) || 0,
      clockSkewMs: Number(data.clockSkewMs) || 0,
    };
  } catch {
    return null;
  }
}

/** Reads and writes the token entry; never throws. */
export class TokenStore {
  private fallback: StorageLike | null = null;

  constructor(
    private readonly storage: StorageLike,
    readonly key: string,
  ) {}

  private get active(): StorageLike {
    return this.fallback ?? this.storage;
  }

  read(): StoredAuth | null {
    try {
      return parseStoredAuth(this.active.getItem(this.key));
    } catch {
      return null;
    }
  }

  write(session: Session, user: User | null, clockSkewMs: number): StoredAuth {
    const entry: StoredAuth = {
      version: 1,
      session,
      user,
      accessExpiresAt: accessTokenExpiresAtMs(session) - clockSkewMs,
      refreshExpiresAt: refreshTokenExpiresAtMs(session) - clockSkewMs,
      clockSkewMs,
    };
    const raw = JSON.stringify(entry);
    try {
      this.active.setItem(this.key, raw);
    } catch {
      // Quota or private mode: keep the session for this page at least.
      this.fallback ??= createMemoryStorage();
      this.fallback.setItem(this.key, raw);
    }
    return entry;
  }

  clear(): void {
    for (const store of [this.storage, this.fallback]) {
      try {
        store?.removeItem(this.key);
      } catch {
        // Nothing more to do: the entry is unreadable to us either way.
      }
    }
  }
}
