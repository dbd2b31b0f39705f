import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailSchema, SendEmailBodySchema, SendEmailResponseSchema } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { requireAdmin } from '../auth/permissions.ts';

const Params = z.object({ project: z.string() });

/**
 * POST /api/notifications/{project}/email (SPEC §5, §7.3): to, subject, and
 * html or text. Admins only over HTTP; the server's own code uses `app.mailer`.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked on request, before the body is validated: strangers learn nothing about the body rules.
  const adminOnly = requireAdmin('Only an admin can send email through this endpoint.');
  app.post(
    '/:project/email',
    {
      onRequest: [app.requireAppProject, app.authenticate, adminOnly],
      schema: {
        params: Params,
        body: SendEmailBodySchema,
        response: { 200: SendEmailResponseSchema },
      },
    },
    async (request) => {
      const { to, subject, html, text } = request.body;
      if (!html?.trim() && !text?.trim()) {
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          'Give the mail a body: html or text is required.',
        );
      }
      const recipients = Array.isArray(to) ? to : [to];
      for (const address of recipients) {
        if (!EmailSchema.safeParse(address).success) {
          throw new AppError(
            'INVALID_EMAIL',
            400,
            `"${address.slice(0, 100)}" is not a valid email address.`,
          );
        }
      }
      return app.mailer.send({ to: recipients, subject, html, text, kind: 'api' });
    },
  );
};
