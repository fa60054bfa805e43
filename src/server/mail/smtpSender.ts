// Delivery over SMTP with nodemailer: to SMTP_URL, or to the built-in dev mailbox, the same way.
import nodemailer from 'nodemailer';
import type { RenderedMail } from './templates/mailContent';

export interface OutgoingMail extends RenderedMail {
  to: string;
  messageId: string;
}

export interface MailSender {
  /** Resolves once the SMTP server accepted the message (250 after DATA); rejects otherwise. */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/** Bounded waits, so a hung server cannot hold an outbox row (and its lock) indefinitely. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/** Kept-open connections, one per delivery lane: a burst does not pay a handshake per message. */
const SMTP_POOL = { pool: true, maxConnections: 4, maxMessages: 100 } as const;

export function createSmtpSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_POOL, ...SMTP_TIMEOUTS });
  return {
    async send(mail, signal) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        ...(signal ? { signal } : {}),
      });
      // With one recipient, "accepted" is all or nothing; a rejected recipient is a failed send.
      if (info.rejected.length > 0) throw new Error(`recipient rejected: ${info.response}`);
    },
    close() {
      transport.close();
    },
  };
}
