import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProvidersResponseSchema,
  RefreshBodySchema,
  SessionResponseSchema,
  SignInBodySchema,
  SignOutBodySchema,
  SignUpBodySchema,
  UpdateUserBodySchema,
  UserSchema,
} from '@codewright/contract';
import type { Config } from '../../env.ts';
import { principalOf } from './principal.ts';
import type { AbuseLimits } from './abuse-limits.ts';
import { createAccountRepository } from './account.repository.ts';
import { createAccountService } from './account.service.ts';
import { emailVerificationRoutes } from './auth.email.routes.ts';
import { magicLinkRoutes } from './auth.magic.routes.ts';
import { passwordRoutes } from './auth.password.routes.ts';
import { createAuthService } from './auth.service.ts';
import { deviceSummary } from './device-summary.ts';
import { configuredProviders } from './oauth/oauth-providers.ts';
import { oauthRoutes } from './oauth/oauth.routes.ts';
import type { PublicUrls } from './public-urls.ts';
import { toUserView } from './user-view.ts';
import { NO_CONTENT } from '../../lib/answers.ts';

export interface AuthRoutesOptions {
  failureLimit: number;
  failureWindowMs: number;
  /** Account flows (docs/decisions/006): verification, limits, OAuth providers. */
  config: Config;
  urls: PublicUrls;
  /** Server secret (JWT_SECRET or DATA_DIR/secret); signs the OAuth flow cookie. */
  secret: string;
  /** Milliseconds since 1970 for the sign-in lockout; default Date.now. */
  clock?: () => number;
  /** The app's one set of abuse limits (plugins/rate-limit.ts), shared with the invitation preview. */
  limits: AbuseLimits;
}

const UserEnvelope = z.object({ user: UserSchema });
const ProvidersQuery = z.object({ projectId: z.string().optional() });
// Fastify hands a bodiless POST to the validator as null; sign-out may have no body.
const SignOutBody = z.preprocess((v) => v ?? undefined, SignOutBodySchema);

/** /api/auth: signup, signin/email, refresh, signout, me, providers (SPEC §7.2, DESIGN §2b). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const service = createAuthService({
    repo: app.authRepository,
    tokens: app.accessTokens,
    cache: app.principalCache,
    failureLimit: options.failureLimit,
    failureWindowMs: options.failureWindowMs,
    now: options.clock && (() => new Date(options.clock!())),
    requireEmailVerification: options.config.REQUIRE_EMAIL_VERIFICATION,
    adminEmails: app.adminEmails,
  });
  const authenticated = { preHandler: app.authenticate };
  const { config, urls, limits } = options;
  const account = createAccountService({
    repo: createAccountRepository(app.db, app.workspaces),
    authRepo: app.authRepository,
    auth: service,
    cache: app.principalCache,
    mailer: app.mailer,
    urls,
  });
  const providers = configuredProviders(config, (id) => urls.app(`/api/auth/oauth/${id}/callback`));
  await app.register(passwordRoutes, { account, limits });
  await app.register(emailVerificationRoutes, { account, limits });
  await app.register(magicLinkRoutes, { account, limits });
  await app.register(oauthRoutes, {
    providers,
    account,
    urls,
    appProjectId: config.APP_PROJECT_ID,
    cookieKey: options.secret,
  });

  app.post(
    '/signup',
    { schema: { body: SignUpBodySchema, response: { 201: UserEnvelope } } },
    async (request, reply) => {
      await limits.check('signup', request.ip);
      const user = await service.signUp(request.body);
      if (config.REQUIRE_EMAIL_VERIFICATION) account.sendVerification(user.id);
      return reply.code(201).send({ user });
    },
  );

  app.post(
    '/signin/email',
    { schema: { body: SignInBodySchema, response: { 200: SessionResponseSchema } } },
    async (request) => {
      await limits.check('signin', request.ip);
      return service.signInWithPassword(request.body, deviceSummary(request.headers['user-agent']));
    },
  );

  app.post(
    '/refresh',
    { schema: { body: RefreshBodySchema, response: { 200: SessionResponseSchema } } },
    async (request) => service.refresh(request.body.refresh_token),
  );

  app.post(
    '/signout',
    { ...authenticated, schema: { body: SignOutBody }, config: { answers: NO_CONTENT } },
    async (request, reply) => {
      await service.signOut(principalOf(request), request.body?.refresh_token);
      return reply.code(204).send();
    },
  );

  app.get(
    '/me',
    { ...authenticated, schema: { response: { 200: UserSchema } } },
    async (request) => {
      const principal = principalOf(request);
      principal.view ??= toUserView(principal.user, principal.plan, app.adminEmails);
      return principal.view;
    },
  );

  app.patch(
    '/me',
    { ...authenticated, schema: { body: UpdateUserBodySchema, response: { 200: UserSchema } } },
    async (request) => service.updateUser(principalOf(request), request.body),
  );

  // Only providers that are configured; Google and GitHub join when their client id and secret are set.
  const providerList = [
    { id: 'email', name: 'Email' },
    ...[...providers.values()].map((p) => ({ id: p.id, name: p.name })),
  ];
  app.get(
    '/providers',
    { schema: { querystring: ProvidersQuery, response: { 200: ProvidersResponseSchema } } },
    async () => ({ providers: providerList }),
  );
};
