import { escapeHtml, type RenderedMail } from '../notifications/templates.ts';

/** The invitation mail: who invites, to which workspace, as which role, and the one-use link. */
export function invitationMail(input: {
  url: string;
  workspaceName: string;
  inviterName: string;
  role: string;
  expiresInDays: number;
}): RenderedMail {
  const lines = [
    'Hi,',
    `${input.inviterName} invited you to join the workspace "${input.workspaceName}" on Codewright as ${input.role === 'viewer' ? 'a viewer' : 'an editor'}.`,
    `Open the link below and sign in with this email address to accept. The link works once and expires in ${input.expiresInDays} days.`,
    'If you did not expect this, you can ignore this mail.',
  ];
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111827">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">Join ${escapeHtml(input.workspaceName)}</h1>
${lines.map((p) => `<p style="line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:28px 0"><a href="${escapeHtml(input.url)}" style="background:#6366f1;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">Accept invitation</a></p>
<p style="font-size:13px;color:#6b7280">If the button does not work, paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(input.url)}</span></p>
<p style="font-size:12px;color:#9ca3af;margin-top:32px">Codewright</p>
</div></body></html>`;
  return {
    subject: `${input.inviterName} invited you to ${input.workspaceName} on Codewright`,
    text: [...lines, '', input.url, '', '— Codewright'].join('\n'),
    html,
  };
}
