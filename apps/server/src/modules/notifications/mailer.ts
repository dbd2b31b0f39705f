import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { createMailLogRepository } from './mail-log.repository.ts';

export interface MailMessage {
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  /** What sort of mail (verify_email, reset_password, magic_link, password_changed, api). */
  kind: string;
}

export interface SentMail {
  id: string;
  accepted: string[];
}

export interface MailerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** smtp:// or smtps:// URL; unset → mails are written to the server log instead. */
  smtpUrl?: string;
  from: string;
  perRecipientPerHour: number;
}

const HOUR_MS = 60 * 60 * 1000;

/** The http(s) links of a text, for the log line of an unsent mail. */
export function linksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]);
}

/**
 * Sends mail through nodemailer over SMTP, or writes it to the server log when
 * no SMTP_URL is set (the embedded default). Every recipient may get at most
 * `perRecipientPerHour` mails an hour (mail_log keeps count).
 */
export class Mailer {
  // nodemailer loads with the first mail, not at start (cold start is a budget:
  // docs/decisions/008).
  private transport: Promise<Transporter> | null = null;
  private readonly pending = new Set<Promise<unknown>>();

  private readonly mailLog: ReturnType<typeof createMailLogRepository>;

  constructor(private readonly options: MailerOptions) {
    this.mailLog = createMailLogRepository(options.db);
  }

  get delivers(): boolean {
    return Boolean(this.options.smtpUrl);
  }

  private smtp(smtpUrl: string): Promise<Transporter> {
    return (this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));
  }

  /**
   * Sends a mail now. Throws 429 RATE_LIMITED (nothing sent) when a recipient
   * already had its hourly share.
   */
  async send(message: MailMessage): Promise<SentMail> {
    const recipients = [...new Set(message.to.map((a) => a.trim()))];
    await this.reserve(recipients, message.kind);
    const id = newId('mail');
    if (!this.options.smtpUrl) {
      const links = linksOf(message.text ?? message.html ?? '');
      this.options.log.info(
        { mailId: id, to: recipients, subject: message.subject, links },
        `mail not sent (SMTP_URL is unset): to ${recipients.join(', ')} "${message.subject}"${links.length ? ` links: ${links.join(' ')}` : ''}`,
      );
      return { id, accepted: recipients };
    }
    const transport = await this.smtp(this.options.smtpUrl);
    const info = await transport.sendMail({
      from: this.options.from,
      to: recipients,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: { 'X-Codewright-Mail': message.kind },
    });
    const accepted = (info.accepted as Array<string | { address: string }>).map((a) =>
      typeof a === 'string' ? a : a.address,
    );
    return { id, accepted };
  }

  /**
   * Sends without making the caller wait: answers stay the same (and as fast)
   * whether or not a mail goes out. Failures and the hourly cap are logged.
   */
  sendInBackground(build: () => Promise<MailMessage | null>): void {
    const task = (async () => {
      const message = await build();
      if (message) await this.send(message);
    })()
      .catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'RATE_LIMITED') {
          this.options.log.warn({ err: err.message }, 'mail not sent: hourly cap for the address');
        } else {
          this.options.log.error({ err }, 'mail failed');
        }
      })
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Waits for background sends (on close, and in tests). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.drain();
    // A transport whose import failed has nothing to close.
    (await this.transport?.catch(() => null))?.close();
  }

  /** Counts this mail against each recipient's hour; refuses the whole mail if one is over. */
  private async reserve(recipients: string[], kind: string): Promise<void> {
    const { perRecipientPerHour } = this.options;
    const since = new Date(Date.now() - HOUR_MS);
    const keys = recipients.map((r) => r.toLowerCase());
    const inserted = await this.mailLog.add(keys, kind);
    // Insert first, count after: two mails racing for the last slot cannot both get it.
    for (const recipient of keys) {
      if ((await this.mailLog.countSince(recipient, since)) > perRecipientPerHour) {
        await this.mailLog.remove(inserted);
        throw new AppError(
          'RATE_LIMITED',
          429,
          `Too many emails to ${recipient} in the last hour (at most ${perRecipientPerHour}). Please try again later.`,
          undefined,
          { 'retry-after': '3600' },
        );
      }
    }
  }
}
