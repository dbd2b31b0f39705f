import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  AccountMessageResponseSchema,
  ChangePasswordBodySchema,
  EmailBodySchema,
  GeneratedLinkResponseSchema,
  ResetConfirmBodySchema,
} from '@codewright/contract';
import { principalOf } from '../../plugins/auth.ts';
import { type AccountRouteDeps, requireAdmin } from './account-route-deps.ts';

const Message = { 200: AccountMessageResponseSchema };

/** /api/auth/password/…: reset (mail), reset/generate (admin), reset/confirm, change (SPEC §7.2). */
export const passwordRoutes: FastifyPluginAsyncZod<AccountRouteDeps> = async (
  app,
  { account, limits },
) => {
  app.post(
    '/password/reset',
    { schema: { body: EmailBodySchema, response: Message } },
    async (request) => {
      limits.check('reset', request.ip, request.body.email);
      account.requestPasswordReset(request.body.email);
      return { message: ACCOUNT_MESSAGES.resetSent };
    },
  );

  app.post(
    '/password/reset/generate',
    {
      onRequest: [app.authenticate, requireAdmin],
      schema: { body: EmailBodySchema, response: { 200: GeneratedLinkResponseSchema } },
    },
    async (request) => account.generateLink(request.body.email, 'reset_password'),
  );

  app.post(
    '/password/reset/confirm',
    { schema: { body: ResetConfirmBodySchema, response: Message } },
    async (request) => {
      limits.check('verify', request.ip);
      await account.confirmPasswordReset(request.body.token, request.body.password);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/password/change',
    { onRequest: app.authenticate, schema: { body: ChangePasswordBodySchema, response: Message } },
    async (request) => {
      limits.check('signin', request.ip);
      const { oldPassword, newPassword } = request.body;
      await account.changePassword(principalOf(request), oldPassword, newPassword);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );
};
