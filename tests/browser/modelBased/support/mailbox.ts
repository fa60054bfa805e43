// The mail a flow sends, read as a person reads it: from the portal's built-in dev mailbox, a real
// SMTP server the portal's outbox worker delivers to (src/server/mail/devMailbox), listed at
// /plat/dev/mailbox. Links in a mail point at the configured public URL; a test opens them on the
// portal it runs.
import { expect } from 'vitest';
import type { DevMailboxItem } from '../../../../src/server/routes/dev/mailbox';
import type { Portal } from '../../../support/portal';

/** Every mail delivered to `to`, newest first. */
export async function mailboxOf(portal: Portal, to: string): Promise<DevMailboxItem[]> {
  const response = await fetch(`${portal.url}/plat/dev/mailbox?to=${encodeURIComponent(to)}`);
  const body = (await response.json()) as { data: { items: DevMailboxItem[] } };
  return body.data.items;
}

/** Waits until `count` mails to `to` pass `match` (the outbox delivers after its commit); the newest. */
export async function nthMailTo(
  portal: Portal,
  to: string,
  count: number,
  match: (mail: DevMailboxItem) => boolean,
): Promise<DevMailboxItem> {
  let newest: DevMailboxItem | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailboxOf(portal, to)).filter(match);
        newest = mails[0];
        return mails.length >= count;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return newest!;
}

/** The link to `pagePath` (with its token) in a mail, on the portal the test runs. */
export function linkIn(mail: DevMailboxItem, pagePath: string, portal: Portal): string {
  const href = new RegExp(`https?://[^\\s"'<>]+${pagePath}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text)?.[0];
  if (!href) throw new Error(`no ${pagePath} link in the mail "${mail.subject}":\n${mail.text}`);
  const url = new URL(href);
  return `${portal.url}${url.pathname}${url.search}`;
}

/** A mail carrying a link to `pagePath`. */
export const linksTo =
  (pagePath: string) =>
  (mail: DevMailboxItem): boolean =>
    mail.text.includes(`${pagePath}?token=`);
