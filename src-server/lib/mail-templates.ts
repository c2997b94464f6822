import type { Mail } from './mailer';

const BRAND = 'Brighter Shores Market';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** One layout for every account mail: a greeting, a paragraph, a button, and the link spelled out for text-only readers. */
function accountMail(opts: {
  to: string;
  subject: string;
  username: string;
  intro: string;
  action: string;
  link: string;
  footer: string;
}): Mail {
  const text = [
    `Hi ${opts.username},`,
    '',
    opts.intro,
    '',
    `${opts.action}: ${opts.link}`,
    '',
    opts.footer,
    '',
    `- ${BRAND}`,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5">
<p>Hi ${escapeHtml(opts.username)},</p>
<p>${escapeHtml(opts.intro)}</p>
<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;padding:10px 18px;background:#0b6e64;color:#fff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(opts.action)}</a></p>
<p style="font-size:13px;color:#4a5565">Or paste this link into your browser:<br><a href="${escapeHtml(opts.link)}">${escapeHtml(opts.link)}</a></p>
<p style="font-size:13px;color:#4a5565">${escapeHtml(opts.footer)}</p>
<p>- ${BRAND}</p>
</body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
}

export function verificationMail(to: string, username: string, link: string): Mail {
  return accountMail({
    to,
    subject: `Verify your email for ${BRAND}`,
    username,
    intro: `Please confirm that ${to} is your email address so you can log in with it.`,
    action: 'Verify email address',
    link,
    footer: 'This link expires in 24 hours. If you did not create an account, you can ignore this email.',
  });
}

export function passwordResetMail(to: string, username: string, link: string): Mail {
  return accountMail({
    to,
    subject: `Reset your ${BRAND} password`,
    username,
    intro: 'Someone asked to reset the password of your account. If it was you, choose a new password here.',
    action: 'Reset password',
    link,
    footer:
      'This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email.',
  });
}
