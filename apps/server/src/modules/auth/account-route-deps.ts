import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountMessageResponseSchema,
  type AuthTokenPurpose,
  EmailBodySchema,
  GeneratedLinkResponseSchema,
} from '@codewright/contract';
import { requireAdmin } from './permissions.ts';
import type { AbuseAction, AbuseLimits } from './abuse-limits.ts';
import type { AccountService } from './account.service.ts';

/** What the account route files share (built once in auth.routes.ts). */
export interface AccountRouteDeps {
  account: AccountService;
  limits: AbuseLimits;
}

/** The instance an account route plugin registers its routes on. */
type AccountApp = Parameters<FastifyPluginAsyncZod<AccountRouteDeps>>[0];

/** onRequest hook: only an admin (modules/auth/permissions.ts) generates links for other accounts. */
const adminOnly = requireAdmin('Only an admin can generate links for other accounts.');

/**
 * POST `url` with `{ email }`: checked against the `action` abuse limits, `send` mails the link
 * in the background, and the answer is `message` whether or not the email has an account.
 */
export function mailLinkRoute(
  app: AccountApp,
  limits: AbuseLimits,
  route: { url: string; action: AbuseAction; send: (email: string) => void; message: string },
): void {
  app.post(
    route.url,
    { schema: { body: EmailBodySchema, response: { 200: AccountMessageResponseSchema } } },
    async (request) => {
      await limits.check(route.action, request.ip, request.body.email);
      route.send(request.body.email);
      return { message: route.message };
    },
  );
}

/** POST `url` with `{ email }`, admins only: a `purpose` link for that account, answered instead of mailed. */
export function generateLinkRoute(
  app: AccountApp,
  account: AccountService,
  url: string,
  purpose: AuthTokenPurpose,
): void {
  app.post(
    url,
    {
      onRequest: [app.authenticate, adminOnly],
      schema: { body: EmailBodySchema, response: { 200: GeneratedLinkResponseSchema } },
    },
    async (request) => account.generateLink(request.body.email, purpose),
  );
}
