/**
 * The account mails, each as plain text and HTML. Everything that comes from a
 * user or a URL is escaped before it goes into the HTML.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function minutesText(seconds: number): string {
  if (seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const button = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#6366f1;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">If the button does not work, paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : '';
  return `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111827">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${button}
<p style="font-size:12px;color:#9ca3af;margin-top:32px">Codewright</p>
</div></body></html>`;
}

function textOf(paragraphs: string[], url?: string) {
  return [...paragraphs, ...(url ? ['', url] : []), '', '— Codewright'].join('\n');
}

function greeting(name: string | null | undefined) {
  return name ? `Hi ${name},` : 'Hi,';
}

/** What a link mail needs: the link, how long it works, and whom to greet. */
interface LinkMailInput {
  url: string;
  ttlSeconds: number;
  name?: string | null;
}

/** One account mail: a greeting, then `lines`, and a button (and the bare URL in the text) when there is an `action`. */
function accountMail(mail: {
  subject: string;
  title: string;
  name: string | null | undefined;
  lines: string[];
  action?: { label: string; url: string };
}): RenderedMail {
  const lines = [greeting(mail.name), ...mail.lines];
  return {
    subject: mail.subject,
    text: textOf(lines, mail.action?.url),
    html: layout(mail.title, lines, mail.action),
  };
}

/** "Verify your email" with a link valid for `ttlSeconds`. */
export function verifyEmailMail(input: LinkMailInput): RenderedMail {
  return accountMail({
    subject: 'Verify your email for Codewright',
    title: 'Verify your email',
    name: input.name,
    lines: [
      'Please confirm that this is your email address by opening the link below.',
      `The link works once and expires in ${minutesText(input.ttlSeconds)}.`,
    ],
    action: { label: 'Verify email', url: input.url },
  });
}

/** "Reset your password" with a link valid for `ttlSeconds`. */
export function resetPasswordMail(input: LinkMailInput): RenderedMail {
  return accountMail({
    subject: 'Reset your Codewright password',
    title: 'Reset your password',
    name: input.name,
    lines: [
      'Someone (hopefully you) asked to reset the password of your Codewright account.',
      `Open the link below to choose a new one. It works once and expires in ${minutesText(input.ttlSeconds)}.`,
      'If you did not ask for this, you can ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: input.url },
  });
}

/** "Your sign-in link" valid for `ttlSeconds`. */
export function magicLinkMail(input: LinkMailInput): RenderedMail {
  return accountMail({
    subject: 'Your Codewright sign-in link',
    title: 'Sign in to Codewright',
    name: input.name,
    lines: [
      `Open the link below to sign in to Codewright. It works once and expires in ${minutesText(input.ttlSeconds)}.`,
      'If you did not ask for this, you can ignore this mail.',
    ],
    action: { label: 'Sign in', url: input.url },
  });
}

/** Notice after a password change or reset; no link (nothing to click in a mail that may be phished). */
/** The one-time notice of a takeover (DESIGN §3.16): what the earlier registrant set up, removed. */
export function accountTakenOverMail(input: {
  name?: string | null;
  removed: { members: string[]; invitations: string[]; shareLinks: number };
}): RenderedMail {
  const { members, invitations, shareLinks } = input.removed;
  const list = (xs: string[]) => (xs.length ? xs.join(', ') : 'none');
  return accountMail({
    subject: 'Your Codewright account is yours now',
    title: 'Your account is yours now',
    name: input.name,
    lines: [
      'You proved this address, and said you did not create the account registered with it. Everything the earlier registrant could use is gone: their sessions and password are no longer valid.',
      `Members removed from your workspaces: ${list(members)}. Invitations revoked: ${list(invitations)}. Share links replaced: ${shareLinks}.`,
      'To sign in with a password, choose one with "Forgot password?" in the sign-in dialog.',
    ],
  });
}

export function passwordChangedMail(input: { at: Date; name?: string | null }): RenderedMail {
  return accountMail({
    subject: 'Your Codewright password was changed',
    title: 'Your password was changed',
    name: input.name,
    lines: [
      `The password of your Codewright account was changed on ${input.at.toUTCString()}.`,
      'If this was you, there is nothing to do. If it was not, reset your password from the sign-in dialog ("Forgot password?") at once.',
    ],
  });
}
