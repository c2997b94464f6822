import { escapeHtml } from './escape-html';
import type { Mail } from './mailer';

const BRAND = 'Brighter Shores Market';

/**
 * One layout for every account mail: a greeting, a paragraph, a button, and the link spelled out for
 * text-only readers. A notice that asks for nothing has no button.
 */
function accountMail(opts: {
  to: string;
  subject: string;
  username: string;
  intro: string;
  action?: { label: string; link: string };
  footer: string;
}): Mail {
  const { action } = opts;
  const text = [
    `Hi ${opts.username},`,
    '',
    opts.intro,
    '',
    ...(action ? [`${action.label}: ${action.link}`, ''] : []),
    opts.footer,
    '',
    `- ${BRAND}`,
  ].join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:10px 18px;background:#0b6e64;color:#fff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#4a5565">Or paste this link into your browser:<br><a href="${escapeHtml(action.link)}">${escapeHtml(action.link)}</a></p>
`
    : '';
  const html = `<!doctype html>
<html><body style="font-family:system-ui,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5">
<p>Hi ${escapeHtml(opts.username)},</p>
<p>${escapeHtml(opts.intro)}</p>
${button}<p style="font-size:13px;color:#4a5565">${escapeHtml(opts.footer)}</p>
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
    action: { label: 'Verify email address', link },
    footer: 'This link expires in 24 hours. If you did not create an account, you can ignore this email.',
  });
}

export function passwordResetMail(to: string, username: string, link: string): Mail {
  return accountMail({
    to,
    subject: `Reset your ${BRAND} password`,
    username,
    intro: 'Someone asked to reset the password of your account. If it was you, choose a new password here.',
    action: { label: 'Reset password', link },
    footer:
      'This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email.',
  });
}

/** To the address an account logged in with until now, once a new one is verified (ASVS 2.2.3). */
export function emailChangedMail(to: string, username: string, newEmail: string): Mail {
  return accountMail({
    to,
    subject: `Your ${BRAND} login email was changed`,
    username,
    intro: `The login email of your account was changed from ${to} to ${newEmail}. Every device was logged out, and from now on you log in with ${newEmail}.`,
    footer:
      'If you did not make this change, someone else may know your password: log in with Discord if your account is linked to it, or ask the marketplace admins on Discord for help right away.',
  });
}

/** What one email digest says (services/notifications/compose-digest.ts): a subject, and lines with links. */
export interface Digest {
  subject: string;
  items: { message: string; url: string; at: Date }[];
}

/**
 * The email digest of what happened while the user was away, with the links the bell would open. It
 * carries a one-click unsubscribe link (RFC 8058): the `List-Unsubscribe` header that mail apps show as a
 * button, POSTed to with `List-Unsubscribe=One-Click`, and the same link in the footer for people.
 */
export function digestMail(to: string, username: string, digest: Digest, unsubscribeUrl: string): Mail {
  const text = [
    `Hi ${username},`,
    '',
    'While you were away:',
    '',
    ...digest.items.map((item) => `- ${item.message}\n  ${item.url}`),
    '',
    `To stop these emails, open: ${unsubscribeUrl}`,
    '',
    `- ${BRAND}`,
  ].join('\n');
  const list = digest.items
    .map((item) => `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.message)}</a></li>`)
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5">
<p>Hi ${escapeHtml(username)},</p>
<p>While you were away:</p>
<ul>
${list}
</ul>
<p style="font-size:13px;color:#4a5565">You get this because email notifications are on in your settings. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>
<p>- ${BRAND}</p>
</body></html>`;
  return {
    to,
    subject: digest.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
