// The built-in dev mailbox: a real SMTP server (smtp-server) on 127.0.0.1 and a port chosen at
// start. The worker delivers to it over SMTP like to any server, and it answers 250 only after the
// message is stored, so "accepted" means "readable at /plat/dev/mailbox".
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, Db } from '../../types';
import { storeReceivedMail } from './devMailboxStore';
import { parseMail } from './mimeParser';

/** Mail in development is small; anything larger is refused rather than buffered. */
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

export interface DevMailboxServer {
  /** smtp://127.0.0.1:<port> */
  readonly url: string;
  close(): Promise<void>;
}

export async function startDevMailboxServer(deps: {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}): Promise<DevMailboxServer> {
  const server = new SMTPServer({
    // Plain SMTP on loopback only: no STARTTLS (its built-in certificate is a published test key)
    // and no AUTH, which would only be theatre here.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    banner: 'portal dev mailbox',
    closeTimeout: 2_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(null, 'ignored: too large');
        const raw = Buffer.concat(chunks);
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        storeReceivedMail(deps.db, {
          ...parseMail(raw),
          recipients,
          raw: raw.toString('utf8'),
          receivedAt: deps.clock.now(),
        }).then(
          () => callback(null, 'stored'),
          (err: unknown) => {
            deps.log.error({ err }, 'dev mailbox could not store a message');
            // 451: a temporary failure, so the sender keeps the mail and tries again.
            callback(
              Object.assign(new Error('could not store the message, try again later'), { responseCode: 451 }),
            );
          },
        );
      });
    },
  });
  server.on('error', (err) => deps.log.warn({ err }, 'dev mailbox SMTP error'));

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
