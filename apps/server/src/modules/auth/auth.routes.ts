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
import { principalOf } from '../../plugins/auth.ts';
import { createAuthService } from './auth.service.ts';
import { toUserView } from './user-view.ts';

export interface AuthRoutesOptions {
  failureLimit: number;
  failureWindowMs: number;
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
  });
  const authenticated = { preHandler: app.authenticate };

  app.post(
    '/signup',
    { schema: { body: SignUpBodySchema, response: { 201: UserEnvelope } } },
    async (request, reply) => {
      const user = await service.signUp(request.body);
      return reply.code(201).send({ user });
    },
  );

  app.post(
    '/signin/email',
    { schema: { body: SignInBodySchema, response: { 200: SessionResponseSchema } } },
    async (request) => service.signInWithPassword(request.body),
  );

  app.post(
    '/refresh',
    { schema: { body: RefreshBodySchema, response: { 200: SessionResponseSchema } } },
    async (request) => service.refresh(request.body.refresh_token),
  );

  app.post(
    '/signout',
    { ...authenticated, schema: { body: SignOutBody } },
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
      principal.view ??= toUserView(principal.user, principal.plan);
      return principal.view;
    },
  );

  app.patch(
    '/me',
    { ...authenticated, schema: { body: UpdateUserBodySchema, response: { 200: UserSchema } } },
    async (request) => service.updateUser(principalOf(request), request.body),
  );

  // Only providers that are configured; Google and GitHub join when their client id and secret are set.
  app.get(
    '/providers',
    { schema: { querystring: ProvidersQuery, response: { 200: ProvidersResponseSchema } } },
    async () => ({
      providers: [{ id: 'email', name: 'Email' }],
    }),
  );
};
