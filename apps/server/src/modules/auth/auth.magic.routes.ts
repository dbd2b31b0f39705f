import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  AccountMessageResponseSchema,
  EmailBodySchema,
  GeneratedLinkResponseSchema,
  SessionResponseSchema,
  TokenBodySchema,
} from '@codewright/contract';
import { type AccountRouteDeps, requireAdmin } from './account-route-deps.ts';

/** /api/auth/signin/magic, /magic/generate (admin), /magic/verify (SPEC §7.2). */
export const magicLinkRoutes: FastifyPluginAsyncZod<AccountRouteDeps> = async (
  app,
  { account, limits },
) => {
  // Same answer whether or not the email has an account: no USER_NOT_FOUND here.
  app.post(
    '/signin/magic',
    { schema: { body: EmailBodySchema, response: { 200: AccountMessageResponseSchema } } },
    async (request) => {
      limits.check('magic', request.ip, request.body.email);
      account.requestMagicLink(request.body.email);
      return { message: ACCOUNT_MESSAGES.magicSent };
    },
  );

  app.post(
    '/magic/generate',
    {
      onRequest: [app.authenticate, requireAdmin],
      schema: { body: EmailBodySchema, response: { 200: GeneratedLinkResponseSchema } },
    },
    async (request) => account.generateLink(request.body.email, 'magic_link'),
  );

  app.post(
    '/magic/verify',
    { schema: { body: TokenBodySchema, response: { 200: SessionResponseSchema } } },
    async (request) => account.verifyMagicLink(request.body.token),
  );
};
