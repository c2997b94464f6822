export interface CaughtMail {
  to: Array<{ address: string; name?: string }>;
  subject: string;
  text: string;
  html: string;
}

/** Every mail MailDev caught, oldest first (its REST API: GET /email). */
export async function inbox(webUrl: string): Promise<CaughtMail[]> {
  const res = await fetch(`${webUrl}/email`);
  if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
  return (await res.json()) as CaughtMail[];
}

export const mailsTo = (mails: CaughtMail[], address: string) =>
  mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));

/**
 * The n-th mail (1-based) sent to `address`. SMTP hands the message over before MailDev has stored it,
 * so this asks again until it arrives.
 */
export async function waitForMail(
  webUrl: string,
  address: string,
  n = 1,
  timeoutMs = 10_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(await inbox(webUrl), address);
    if (mails.length >= n) return mails[n - 1];
    if (Date.now() > deadline) throw new Error(`no mail #${n} for ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first absolute link in a mail's text whose path contains `path`. */
export function linkIn(mail: CaughtMail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.includes(path));
  if (!link) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return link;
}

export const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

/** A link's path and query, for calling it on the test server through `http()`. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}
