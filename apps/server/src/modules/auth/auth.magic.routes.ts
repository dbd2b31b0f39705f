import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, SessionResponseSchema, TokenBodySchema } from '@codewright/contract';
import { type AccountRouteDeps, generateLinkRoute, mailLinkRoute } from './account-route-deps.ts';
import { deviceSummary } from './device-summary.ts';

/** /api/auth/signin/magic, /magic/generate (admin), /magic/verify (SPEC §7.2). */
export const magicLinkRoutes: FastifyPluginAsyncZod<AccountRouteDeps> = async (
  app,
  { account, limits },
) => {
  // Same answer whether or not the email has an account: no USER_NOT_FOUND here.
  mailLinkRoute(app, limits, {
    url: '/signin/magic',
    action: 'magic',
    send: (email) => account.requestMagicLink(email),
    message: ACCOUNT_MESSAGES.magicSent,
  });

  generateLinkRoute(app, account, '/magic/generate', 'magic_link');

  app.post(
    '/magic/verify',
    { schema: { body: TokenBodySchema, response: { 200: SessionResponseSchema } } },
    async (request) =>
      account.verifyMagicLink(request.body.token, deviceSummary(request.headers['user-agent'])),
  );
};
