// The Message-ID of an outbox row is a function of the row id and the sender's domain, never
// random: every retry of a row (including one after a crash that lost the "sent" mark) carries
// the same Message-ID, which is what receivers and the dev mailbox use to recognise a repeat.
import addressparser from 'nodemailer/lib/addressparser';

const FALLBACK_DOMAIN = 'portal.localhost';

export function senderDomain(mailFrom: string): string {
  const parsed = addressparser(mailFrom, { flatten: true });
  const address = parsed[0]?.address ?? '';
  const domain = address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  return address.includes('@') && /^[a-z0-9.-]+$/.test(domain) ? domain : FALLBACK_DOMAIN;
}

export function messageIdFor(outboxId: string, domain: string): string {
  return `<outbox.${outboxId}@${domain}>`;
}
