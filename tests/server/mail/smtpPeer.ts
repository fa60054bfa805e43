// A real SMTP server (smtp-server) inside the test, on 127.0.0.1: the "remote" mail server the
// outbox delivers to when SMTP_URL is set. It records what it accepted, parsed.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from '../../../src/server/mail/devMailbox/mimeParser';

export interface ReceivedMail extends ParsedMail {
  recipients: string[];
}

export interface SmtpPeer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Messages whose data the server has started to receive (answered or not). */
  readonly receiving: number;
  /** The most messages ever in progress at once: above 1 means two senders overlapped. */
  readonly maxConcurrent: number;
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  /** Listen on this port (to bring a peer "back" where the app expects it); default: any free one. */
  port?: number;
  /** Wait this long before answering each message (to make sends overlap, or to hang). */
  answerDelayMs?: number;
}

export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let receiving = 0;
  let inProgress = 0;
  let maxConcurrent = 0;
  const answerTimers = new Set<NodeJS.Timeout>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      receiving += 1;
      inProgress += 1;
      maxConcurrent = Math.max(maxConcurrent, inProgress);
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          inProgress -= 1;
          received.push({
            ...parseMail(Buffer.concat(chunks)),
            recipients: session.envelope.rcptTo.map((r) => r.address),
          });
          callback(null, 'accepted');
        };
        if (!options.answerDelayMs) return accept();
        const timer = setTimeout(() => {
          answerTimers.delete(timer);
          accept();
        }, options.answerDelayMs);
        answerTimers.add(timer);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // A sender killed mid-conversation (the resilience bench kills workers) resets its connection:
  // smtp-server emits that as 'error', which with no listener would end the process holding us.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    get receiving() {
      return receiving;
    },
    get maxConcurrent() {
      return maxConcurrent;
    },
    close: () => {
      for (const timer of answerTimers) clearTimeout(timer);
      answerTimers.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
