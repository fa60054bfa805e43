// Outgoing mail: `app.mail.enqueue` writes to the outbox inside the caller's transaction; a delivery
// worker sends over SMTP (SMTP_URL, or the built-in dev mailbox when it is unset and dev tools are
// on). Both start when the app is ready and stop when it closes: the worker first (it finishes
// or releases the row it holds), then the dev mailbox, before the database plugin closes the pool.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from '../mail/deliveryWorker';
import type { DevMailboxServer } from '../mail/devMailbox/devMailboxServer';
import { enqueueMail } from '../mail/enqueueMail';
import { senderDomain } from '../mail/messageId';
import { createSmtpSender } from '../mail/smtpSender';

export interface MailService {
  /** Puts a mail in the outbox; pass the transaction of the change the mail is about. */
  enqueue: typeof enqueueMail;
  /** Look for due mail now (enqueue already wakes every instance when its transaction commits). */
  wake(): void;
  worker: DeliveryWorker;
  /** Where the built-in dev mailbox listens (smtp://127.0.0.1:port) once ready; null when SMTP_URL is used. */
  readonly devMailboxUrl: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

export interface MailPluginOptions {
  worker?: Partial<DeliveryWorkerOptions>;
}

export const mailPlugin = fp(
  async (app: FastifyInstance, opts: MailPluginOptions) => {
    const { smtpUrl, devTools, mailFrom } = app.config;
    if (!smtpUrl && !devTools) {
      // Without a server the outbox would only grow; refuse to start instead of failing silently.
      throw new Error('SMTP_URL must be set: there is no dev mailbox in production');
    }
    const log = app.log.child({ module: 'mail' });
    const worker = createDeliveryWorker(
      { db: app.db, pool: app.pool, clock: app.clock, log, messageIdDomain: senderDomain(mailFrom) },
      opts.worker,
    );
    let devMailbox: DevMailboxServer | null = null;

    app.decorate('mail', {
      enqueue: enqueueMail,
      wake: () => worker.wake(),
      worker,
      get devMailboxUrl() {
        return devMailbox?.url ?? null;
      },
    } satisfies MailService);

    app.addHook('onReady', async () => {
      if (!smtpUrl) {
        // Loaded only without SMTP_URL: its SMTP server is memory a worker with real mail never needs.
        const { startDevMailboxServer } = await import('../mail/devMailbox/devMailboxServer');
        devMailbox = await startDevMailboxServer({ db: app.db, clock: app.clock, log });
      }
      const url = smtpUrl ?? devMailbox?.url;
      if (!url) throw new Error('no SMTP server for outgoing mail');
      await worker.start(createSmtpSender(url, mailFrom));
    });

    app.addHook('onClose', async () => {
      await worker.stop();
      await devMailbox?.close();
      devMailbox = null;
    });
  },
  { name: 'mail', dependencies: ['clock', 'db'] },
);
