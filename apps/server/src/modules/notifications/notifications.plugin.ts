import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's mailer (SMTP, or the log in the embedded default). */
    mailer: Mailer;
  }
}

export interface NotificationsPluginOptions {
  smtpUrl?: string;
  from?: string;
  perRecipientPerHour: number;
}

/** Decorates `app.mailer`; waits for mails still being sent when the app closes. */
async function notificationsPlugin(app: FastifyInstance, options: NotificationsPluginOptions) {
  const mailer = new Mailer({
    db: app.db,
    log: app.log,
    smtpUrl: options.smtpUrl,
    from: options.from ?? 'Codewright <no-reply@codewright.local>',
    perRecipientPerHour: options.perRecipientPerHour,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.close();
  });
}

export default fp(notificationsPlugin, { name: 'notifications', dependencies: ['db'] });
