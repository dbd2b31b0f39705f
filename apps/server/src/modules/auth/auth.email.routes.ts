import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  AccountMessageResponseSchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
  VerifySendBodySchema,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { principalOf } from './principal.ts';
import type { AccountRouteDeps } from './account-route-deps.ts';

const Message = { 200: AccountMessageResponseSchema };
// Fastify hands a bodiless POST to the validator as null.
const SendBody = VerifySendBodySchema.nullable();

/** /api/auth/email/verify, /verify/generate, /verify/send (SPEC §7.2). Tokens only ever travel by mail. */
export const emailVerificationRoutes: FastifyPluginAsyncZod<AccountRouteDeps> = async (
  app,
  { account, limits },
) => {
  // Signed in or not: a Bearer token of the account proves its registrant (DESIGN §3.16).
  app.post(
    '/email/verify',
    { schema: { body: VerifyEmailBodySchema, response: { 200: VerifyEmailResponseSchema } } },
    async (request) => {
      await limits.check('verify', request.ip);
      const { token, password, notMine } = request.body;
      let signedInAs: string | undefined;
      if (request.headers.authorization && !notMine) {
        await app.authenticate(request);
        signedInAs = principalOf(request).user.id;
      }
      return account.verifyEmail(token, { signedInAs, password, notMine });
    },
  );

  // For the signed-in user: a new link goes to their address; the answer holds no token.
  app.post(
    '/email/verify/generate',
    { onRequest: app.authenticate, schema: { response: Message } },
    async (request) => {
      const { user } = principalOf(request);
      await limits.check('verify', request.ip, user.email);
      account.sendVerification(user.id);
      return { message: ACCOUNT_MESSAGES.verificationSent };
    },
  );

  // Bearer, or { email } for someone who cannot sign in yet (EMAIL_NOT_VERIFIED).
  app.post(
    '/email/verify/send',
    { schema: { body: SendBody, response: Message } },
    async (request) => {
      if (request.headers.authorization) {
        await app.authenticate(request);
        const { user } = principalOf(request);
        await limits.check('verify', request.ip, user.email);
        account.sendVerification(user.id);
      } else {
        const email = request.body?.email;
        if (!email) {
          throw new AppError('VALIDATION_ERROR', 400, 'Send { "email": … } or sign in first.');
        }
        await limits.check('verify', request.ip, email);
        account.requestVerification(email);
      }
      return { message: ACCOUNT_MESSAGES.verificationSent };
    },
  );
};
