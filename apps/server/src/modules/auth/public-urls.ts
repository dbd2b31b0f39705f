/**
 * Absolute URLs of the app, from PUBLIC_URL — never from the request's Host
 * header, which a client controls (host-header poisoning of mailed links).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The app's absolute URLs (decorated once in app.ts). */
    publicUrls: PublicUrls;
  }
}

export interface PublicUrls {
  /** PUBLIC_URL without a trailing slash, e.g. `https://code.example.com`. */
  readonly base: string;
  /** Origins the app is served from; OAuth `redirect_url`s must use one. */
  readonly appOrigins: readonly string[];
  /** An app page with query parameters, e.g. app('/reset-password', { token }). */
  app(path: string, params?: Record<string, string>): string;
  /** `redirect_url` if it points at the app itself (http/https, one of appOrigins), else null. */
  sameAppUrl(candidate: string | undefined | null): URL | null;
}

/** Builds the URL helper; without PUBLIC_URL the app is taken to be http://localhost:PORT (127.0.0.1 too). */
export function createPublicUrls(publicUrl: string | undefined, port: number): PublicUrls {
  const base = (publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const appOrigins = publicUrl ? [origin] : [origin, `http://127.0.0.1:${port}`];
  return {
    base,
    appOrigins,
    app(path, params = {}) {
      const url = new URL(base + path);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url.toString();
    },
    sameAppUrl(candidate) {
      if (!candidate) return null;
      let url: URL;
      try {
        url = new URL(candidate);
      } catch {
        return null;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
      if (url.username || url.password) return null;
      return appOrigins.includes(url.origin) ? url : null;
    },
  };
}
