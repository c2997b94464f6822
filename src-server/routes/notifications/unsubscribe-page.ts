import { escapeHtml } from '../../lib/escape-html';

const BRAND = 'Brighter Shores Market';

/** A small page of its own: the link is opened from a mail app, often without the site's scripts. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - ${BRAND}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}

/**
 * What GET shows: a button that confirms. Opening the link changes nothing, since mail scanners open
 * links too; the button (or a mail app's one-click POST) does it.
 */
export const confirmPage = (actionUrl: string) =>
  page(
    'Stop email notifications?',
    `<p>You will no longer get emails about offers and saved-search matches while you are away. The bell on the site keeps them.</p>
<form method="post" action="${escapeHtml(actionUrl)}"><button type="submit">Turn off email notifications</button></form>`,
  );

export const donePage = (publicUrl: string) =>
  page(
    'Email notifications are off',
    `<p>You can turn them back on in <a href="${escapeHtml(publicUrl)}/myprofile">Settings</a>.</p>`,
  );

export const invalidPage = () =>
  page(
    'This unsubscribe link is not valid',
    '<p>Open the link from your latest email again, or turn email notifications off in Settings.</p>',
  );
