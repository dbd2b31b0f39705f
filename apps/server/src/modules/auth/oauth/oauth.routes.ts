import { z } from 'zod';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OAUTH_STATE_TTL_SECONDS,
  OAuthModeSchema,
  OAuthProviderIdSchema,
  type OAuthProviderId,
} from '@codewright/contract';
import { AppError, isAppError } from '../../../lib/app-error.ts';
import type { AccountService } from '../account.service.ts';
import type { PublicUrls } from '../public-urls.ts';
import { DOCUMENT_SECURITY_HEADERS } from '../../../lib/security-headers.ts';
import { CALLBACK_SCRIPT, callbackPage } from './callback-page.ts';
import { type OAuthProvider, loadArctic } from './oauth-providers.ts';
import {
  OAUTH_COOKIE,
  type OAuthFlow,
  flowCookie,
  openFlow,
  readCookie,
  sealFlow,
} from './oauth-state.ts';

export interface OAuthRoutesOptions {
  providers: Map<OAuthProviderId, OAuthProvider>;
  account: AccountService;
  urls: PublicUrls;
  appProjectId: string;
  /** Signs the flow cookie (derived from the JWT secret). */
  cookieKey: string;
}

const StartQuery = z.object({
  redirect_url: z.string().max(2048),
  state: z.string().min(8, 'state must be at least 8 characters').max(256),
  mode: OAuthModeSchema.default('popup'),
  project_id: z.string().max(64).optional(),
});
const CallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});
const ProviderParams = z.object({ provider: OAuthProviderIdSchema });

/**
 * GET /api/auth/oauth/{provider}/start → the provider (state + PKCE); its
 * callback → a one-time code for the app: posted to `window.opener` (popup)
 * or put in the app URL as `magic_token` (redirect). See docs/decisions/006-oauth.md.
 */
export const oauthRoutes: FastifyPluginAsyncZod<OAuthRoutesOptions> = async (app, options) => {
  const { providers, account, urls, appProjectId, cookieKey } = options;
  const secure = urls.base.startsWith('https:');

  function providerOf(id: OAuthProviderId): OAuthProvider {
    const provider = providers.get(id);
    if (!provider) {
      throw new AppError('NOT_FOUND', 404, `Sign-in with ${id} is not configured on this server.`);
    }
    return provider;
  }

  app.get(
    '/oauth/:provider/start',
    {
      schema: { params: ProviderParams, querystring: StartQuery },
      config: { answers: { 302: { description: "To the provider's sign-in page." } } },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const query = request.query;
      if (query.project_id !== undefined && query.project_id !== appProjectId) {
        throw new AppError('NOT_FOUND', 404, `Unknown project "${query.project_id}".`);
      }
      const redirect = urls.sameAppUrl(query.redirect_url);
      if (!redirect) {
        throw new AppError(
          'REDIRECT_FAILED',
          400,
          `redirect_url must be a page of this app (${urls.appOrigins.join(' or ')}).`,
        );
      }
      const { generateCodeVerifier, generateState } = await loadArctic();
      const flow: OAuthFlow = {
        provider: provider.id,
        state: generateState(),
        codeVerifier: generateCodeVerifier(),
        clientState: query.state,
        projectId: appProjectId,
        mode: query.mode,
        redirectUrl: redirect.toString(),
        expiresAt: Date.now() + OAUTH_STATE_TTL_SECONDS * 1000,
      };
      let target: URL;
      try {
        target = await provider.authorizationUrl(flow.state, flow.codeVerifier);
      } catch (err) {
        request.log.error({ err, provider: provider.id }, 'oauth: provider unreachable');
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          503,
          `${provider.name} sign-in is unavailable right now.`,
        );
      }
      return reply
        .header(
          'set-cookie',
          flowCookie(sealFlow(flow, cookieKey), OAUTH_STATE_TTL_SECONDS, secure),
        )
        .header('cache-control', 'no-store')
        .redirect(target.toString(), 302);
    },
  );

  function finish(
    reply: FastifyReply,
    flow: OAuthFlow,
    result: { code?: string; error?: AppError },
  ) {
    reply.header('set-cookie', flowCookie('', 0, secure)).header('cache-control', 'no-store');
    const error = result.error
      ? { code: result.error.code, message: result.error.message }
      : undefined;
    const redirect = new URL(flow.redirectUrl);
    if (result.code) redirect.searchParams.set('magic_token', result.code);
    if (error) redirect.searchParams.set('auth_error', error.code);
    if (flow.mode === 'redirect') return reply.redirect(redirect.toString(), 302);
    return (
      reply
        // A page, not data: the pages' security headers (its script is a file under 'self')…
        .headers(DOCUMENT_SECURITY_HEADERS)
        // …but the popup must stay this window's opener's child: no COOP isolation here.
        .header('cross-origin-opener-policy', 'unsafe-none')
        .type('text/html; charset=utf-8')
        .send(
          callbackPage({
            origin: redirect.origin,
            clientState: flow.clientState,
            projectId: flow.projectId,
            code: result.code,
            error,
            fallbackUrl: redirect.toString(),
          }),
        )
    );
  }

  app.get(
    '/oauth/:provider/callback',
    {
      schema: { params: ProviderParams, querystring: CallbackQuery },
      config: {
        answers: {
          200: {
            description: 'The page that hands the sign-in back to the app and closes the window.',
            content: { 'text/html': null },
          },
          302: { description: 'Back to the app with the sign-in (or its error) in the fragment.' },
        },
      },
    },
    async (request, reply) => {
      const flow = openFlow(readCookie(request.headers.cookie, OAUTH_COOKIE), cookieKey);
      if (!flow || flow.provider !== request.params.provider) {
        // Nowhere safe to send a result: no (valid) flow started in this browser.
        throw new AppError(
          'REDIRECT_FAILED',
          400,
          'This sign-in attempt is unknown or has expired. Close this window and start again.',
        );
      }
      const { code, state, error } = request.query;
      if (!state || state !== flow.state) {
        return finish(reply, flow, {
          error: new AppError(
            'VERIFICATION_FAILED',
            400,
            'Sign-in could not be verified (state mismatch). Please try again.',
          ),
        });
      }
      if (error || !code) {
        return finish(reply, flow, {
          error: new AppError(error === 'access_denied' ? 'POPUP_CANCELED' : 'REDIRECT_FAILED'),
        });
      }
      const provider = providerOf(flow.provider);
      try {
        const profile = await provider.profile(code, flow.codeVerifier);
        const user = await account.accountForSocialProfile({
          ...profile,
          providerName: provider.name,
        });
        return finish(reply, flow, { code: await account.issueSignInCode(user) });
      } catch (err) {
        if (isAppError(err)) return finish(reply, flow, { error: err });
        request.log.warn({ err, provider: provider.id }, 'oauth: code exchange or profile failed');
        return finish(reply, flow, {
          error: new AppError(
            'REDIRECT_FAILED',
            400,
            `Could not complete sign-in with ${provider.name}. Please try again.`,
          ),
        });
      }
    },
  );

  app.get(
    '/oauth/callback.js',
    {
      config: {
        answers: {
          200: {
            description: "The callback page's script.",
            content: { 'text/javascript': null },
          },
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(CALLBACK_SCRIPT),
  );
};

const HostedQuery = z.object({
  project_id: z.string().optional(),
  redirect_url: z.string().optional(),
  provider: z.string().optional(),
  state: z.string().optional(),
  mode: z.string().optional(),
});

/**
 * The hosted `/auth` page of SPEC §7.2 (project_id, redirect_url, provider,
 * state, mode): with a provider it is the front of the OAuth start route;
 * without one it sends the visitor to the app's own sign-in page.
 */
export const hostedAuthPage: FastifyPluginAsync<{ urls: PublicUrls }> = async (app, { urls }) => {
  app.get('/auth', async (request, reply) => {
    const parsed = HostedQuery.safeParse(request.query);
    const query = parsed.success ? parsed.data : {};
    const back = urls.sameAppUrl(query.redirect_url);
    const provider = OAuthProviderIdSchema.safeParse(query.provider);
    if (!provider.success) {
      const signIn = new URL('/sign-in', urls.base);
      if (back) signIn.searchParams.set('redirect', back.pathname + back.search);
      return reply.redirect(signIn.pathname + signIn.search, 302);
    }
    const start = new URLSearchParams();
    for (const key of ['redirect_url', 'state', 'mode', 'project_id'] as const) {
      const value = query[key];
      if (value !== undefined) start.set(key, value);
    }
    return reply.redirect(`/api/auth/oauth/${provider.data}/start?${start.toString()}`, 302);
  });
};
