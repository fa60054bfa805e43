// Reading an applicant's mail from the real SMTP sink the bench portal delivers to (through its
// outbox): the registration code and the activation token, as the applicant reads them. The sink
// runs in the bench process beside a hundred waiting applicants: mail is indexed by recipient as it
// arrives (each message looked at once), so waiting does not cost the sink its time.
import { waitFor, type ReceivedMail, type SmtpPeer } from '../../tests/server/mail/smtpPeer';

const MAIL_TIMEOUT_MS = 300_000;

const indexes = new WeakMap<SmtpPeer, { seen: number; byRecipient: Map<string, ReceivedMail[]> }>();

function mailFor(smtp: SmtpPeer, email: string): ReceivedMail[] {
  let index = indexes.get(smtp);
  if (!index) indexes.set(smtp, (index = { seen: 0, byRecipient: new Map() }));
  for (; index.seen < smtp.received.length; index.seen++) {
    const mail = smtp.received[index.seen]!;
    for (const to of mail.recipients) {
      const list = index.byRecipient.get(to) ?? [];
      list.push(mail);
      index.byRecipient.set(to, list);
    }
  }
  return index.byRecipient.get(email) ?? [];
}

function mailTo(
  smtp: SmtpPeer,
  email: string,
  pick: (mail: ReceivedMail) => string | undefined,
  what: string,
) {
  return waitFor(
    () => mailFor(smtp, email).map(pick).find(Boolean),
    `${what} for ${email}`,
    MAIL_TIMEOUT_MS,
  );
}

export function registrationCode(smtp: SmtpPeer, email: string): Promise<string> {
  return mailTo(
    smtp,
    email,
    (m) => /registration code: (\d{6})/i.exec(m.subject)?.[1],
    'the registration code',
  );
}

export function activationToken(smtp: SmtpPeer, email: string): Promise<string> {
  return mailTo(
    smtp,
    email,
    (m) => (/activate/i.test(m.subject) ? /[?&]token=([A-Za-z0-9_-]+)/.exec(m.text + m.html)?.[1] : undefined),
    'the activation link',
  );
}
