import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  AccountMessageResponseSchema,
  ChangePasswordBodySchema,
  ResetConfirmBodySchema,
} from '@codewright/contract';
import { principalOf } from './principal.ts';
import { type AccountRouteDeps, generateLinkRoute, mailLinkRoute } from './account-route-deps.ts';

const Message = { 200: AccountMessageResponseSchema };

/** /api/auth/password/…: reset (mail), reset/generate (admin), reset/confirm, change (SPEC §7.2). */
export const passwordRoutes: FastifyPluginAsyncZod<AccountRouteDeps> = async (
  app,
  { account, limits },
) => {
  mailLinkRoute(app, limits, {
    url: '/password/reset',
    action: 'reset',
    send: (email) => account.requestPasswordReset(email),
    message: ACCOUNT_MESSAGES.resetSent,
  });

  generateLinkRoute(app, account, '/password/reset/generate', 'reset_password');

  app.post(
    '/password/reset/confirm',
    { schema: { body: ResetConfirmBodySchema, response: Message } },
    async (request) => {
      await limits.check('verify', request.ip);
      await account.confirmPasswordReset(request.body.token, request.body.password);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/password/change',
    { onRequest: app.authenticate, schema: { body: ChangePasswordBodySchema, response: Message } },
    async (request) => {
      await limits.check('signin', request.ip);
      const { oldPassword, newPassword } = request.body;
      await account.changePassword(principalOf(request), oldPassword, newPassword);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );
};
