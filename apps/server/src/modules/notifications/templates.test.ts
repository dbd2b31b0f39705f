import { describe, expect, it } from 'vitest';
import { escapeHtml, passwordChangedMail, resetPasswordMail } from './templates.ts';
import { linksOf } from './mailer.ts';

describe('mail templates', () => {
  it('escape user data in HTML and keep the link in both parts', () => {
    const mail = resetPasswordMail({
      url: 'https://app.test/reset-password?token=abc&x=1',
      ttlSeconds: 3600,
      name: '<img src=x onerror=alert(1)>',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('href="https://app.test/reset-password?token=abc&amp;x=1"');
    expect(mail.text).toContain('https://app.test/reset-password?token=abc&x=1');
    expect(mail.text).toContain('expires in 1 hour');
    expect(linksOf(mail.text)).toEqual(['https://app.test/reset-password?token=abc&x=1']);
  });

  it('the password-changed notice carries no link', () => {
    const mail = passwordChangedMail({ at: new Date(0), name: null });
    expect(linksOf(mail.text)).toEqual([]);
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;');
  });
});
