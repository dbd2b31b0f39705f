/**
 * Google and GitHub as OAuth 2.0 authorization-code + PKCE clients (arctic's
 * generic OAuth2Client, so every endpoint can point at a local mock in tests).
 */
import type * as Arctic from 'arctic';
import type { OAuth2Client } from 'arctic';
import type { OAuthProviderId } from '@codewright/contract';
import type { Config } from '../../../env.ts';

export interface SocialProfile {
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export interface OAuthProvider {
  id: OAuthProviderId;
  name: string;
  authorizationUrl(state: string, codeVerifier: string): Promise<URL>;
  /** Exchanges the code (with the PKCE verifier) and reads the user's profile. */
  profile(code: string, codeVerifier: string): Promise<SocialProfile>;
}

const GOOGLE_DEFAULTS = {
  auth: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
};
const GITHUB_DEFAULTS = {
  auth: 'https://github.com/login/oauth/authorize',
  token: 'https://github.com/login/oauth/access_token',
  api: 'https://api.github.com',
};

async function getJson(url: string, accessToken: string, extra: Record<string, string> = {}) {
  const res = await fetch(url, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json', ...extra },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as unknown;
}

// arctic loads on the first OAuth sign-in, not at start (cold start is a budget:
// docs/decisions/008).
let arcticModule: Promise<typeof Arctic> | undefined;
/** arctic, imported once on first use. */
export const loadArctic = () => (arcticModule ??= import('arctic'));

/** An OAuth2Client made on first use. */
function lazyClient(clientId: string, secret: string, callbackUrl: string) {
  let client: OAuth2Client | undefined;
  return async () => {
    const arctic = await loadArctic();
    client ??= new arctic.OAuth2Client(clientId, secret, callbackUrl);
    return { client, S256: arctic.CodeChallengeMethod.S256 };
  };
}

function stringOr(value: unknown, fallback: string | null = null): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
}

function google(config: Config, callbackUrl: string): OAuthProvider | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  const getClient = lazyClient(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, callbackUrl);
  let endpoints: Promise<typeof GOOGLE_DEFAULTS> | null = null;
  const resolve = () =>
    (endpoints ??= (async () => {
      let found = { ...GOOGLE_DEFAULTS };
      if (config.GOOGLE_ISSUER) {
        const issuer = config.GOOGLE_ISSUER.replace(/\/+$/, '');
        const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`OpenID discovery at ${issuer} answered ${res.status}`);
        const doc = (await res.json()) as Record<string, unknown>;
        found = {
          auth: stringOr(doc.authorization_endpoint, found.auth)!,
          token: stringOr(doc.token_endpoint, found.token)!,
          userinfo: stringOr(doc.userinfo_endpoint, found.userinfo)!,
        };
      }
      return {
        auth: config.GOOGLE_AUTH_URL ?? found.auth,
        token: config.GOOGLE_TOKEN_URL ?? found.token,
        userinfo: config.GOOGLE_USERINFO_URL ?? found.userinfo,
      };
    })().catch((err: unknown) => {
      endpoints = null; // try discovery again next time
      throw err;
    }));
  return {
    id: 'google',
    name: 'Google',
    async authorizationUrl(state, verifier) {
      const { auth } = await resolve();
      const { client, S256 } = await getClient();
      const url = client.createAuthorizationURLWithPKCE(auth, state, S256, verifier, [
        'openid',
        'email',
        'profile',
      ]);
      url.searchParams.set('prompt', 'select_account');
      return url;
    },
    async profile(code, verifier) {
      const { token, userinfo } = await resolve();
      const { client } = await getClient();
      const tokens = await client.validateAuthorizationCode(token, code, verifier);
      const info = (await getJson(userinfo, tokens.accessToken())) as Record<string, unknown>;
      return {
        email: stringOr(info.email) ?? '',
        emailVerified: info.email_verified === true || info.email_verified === 'true',
        name: stringOr(info.name),
      };
    },
  };
}

function github(config: Config, callbackUrl: string): OAuthProvider | null {
  if (!config.GITHUB_CLIENT_ID || !config.GITHUB_CLIENT_SECRET) return null;
  const getClient = lazyClient(config.GITHUB_CLIENT_ID, config.GITHUB_CLIENT_SECRET, callbackUrl);
  const auth = config.GITHUB_AUTH_URL ?? GITHUB_DEFAULTS.auth;
  const token = config.GITHUB_TOKEN_URL ?? GITHUB_DEFAULTS.token;
  const api = (config.GITHUB_API_URL ?? GITHUB_DEFAULTS.api).replace(/\/+$/, '');
  const headers = { Accept: 'application/vnd.github+json', 'User-Agent': 'codewright' };
  return {
    id: 'github',
    name: 'GitHub',
    async authorizationUrl(state, verifier) {
      const { client, S256 } = await getClient();
      return client.createAuthorizationURLWithPKCE(auth, state, S256, verifier, [
        'read:user',
        'user:email',
      ]);
    },
    async profile(code, verifier) {
      const { client } = await getClient();
      const tokens = await client.validateAuthorizationCode(token, code, verifier);
      const accessToken = tokens.accessToken();
      const user = (await getJson(`${api}/user`, accessToken, headers)) as Record<string, unknown>;
      // The profile email may be hidden or unverified; /user/emails says which are verified.
      const emails = (await getJson(`${api}/user/emails`, accessToken, headers)) as Array<{
        email?: unknown;
        primary?: unknown;
        verified?: unknown;
      }>;
      const list = Array.isArray(emails) ? emails : [];
      const primary = list.find((e) => e.primary === true) ?? list[0];
      return {
        email: stringOr(primary?.email) ?? '',
        emailVerified: primary?.verified === true,
        name: stringOr(user.name) ?? stringOr(user.login),
      };
    },
  };
}

/** The configured providers (client id and secret set), by id. */
export function configuredProviders(
  config: Config,
  callbackUrl: (id: OAuthProviderId) => string,
): Map<OAuthProviderId, OAuthProvider> {
  const map = new Map<OAuthProviderId, OAuthProvider>();
  for (const provider of [
    google(config, callbackUrl('google')),
    github(config, callbackUrl('github')),
  ]) {
    if (provider) map.set(provider.id, provider);
  }
  return map;
}
