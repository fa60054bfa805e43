// Delivers the outbox. A few lanes in parallel (a burst of registrations must not queue its codes
// behind one another: a code is valid for 3 minutes); each lane sends one row at a time, each in its
// own transaction that holds the row's lock for the whole SMTP conversation:
//
//   BEGIN; SELECT … FOR UPDATE SKIP LOCKED (claim) → SMTP send → UPDATE status='sent'; COMMIT
//
// - Two instances never send one row at the same time: the second skips the locked row.
// - A failure (server down, refused) is recorded in the same transaction: attempts + 1, the next
//   attempt after a backoff, and after the last attempt status 'failed'. No row is ever deleted.
// - A crash (or a stop that has to abort the send) rolls the transaction back: the row is 'pending'
//   again and is sent on a later attempt.
//
// The remaining at-least-once window, honestly: if the process dies, or its database connection
// is lost, after the SMTP server answered 250 to the message but before the COMMIT that marks it
// sent reaches PostgreSQL (normally a few milliseconds), the row is sent again later. The retry
// carries the same Message-ID (messageId.ts): the dev mailbox stores it once, and many receiving
// systems drop a repeated Message-ID, but SMTP itself cannot make this exactly-once.
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from 'pg';
import { outbox } from '../db/schema/outbox';
import type { Clock, Db } from '../types';
import { messageIdFor } from './messageId';
import { createOutboxListener } from './outboxListener';
import { DEFAULT_RETRY_POLICY, isGivenUp, retryDelayMs, type RetryPolicy } from './retryPolicy';
import type { MailSender } from './smtpSender';
import { InvalidMailError, renderMail } from './templates/registry';

export interface DeliveryWorkerOptions {
  /** How often due rows are looked for without a wake-up (retries, other instances' mail). */
  pollIntervalMs: number;
  retry: RetryPolicy;
  /** On stop, how long an SMTP conversation in progress may finish before it is aborted. */
  stopTimeoutMs: number;
  /** How many rows are sent at once (each lane claims its own row: SKIP LOCKED). */
  lanes: number;
}

export const DEFAULT_WORKER_OPTIONS: DeliveryWorkerOptions = {
  pollIntervalMs: 5_000,
  retry: DEFAULT_RETRY_POLICY,
  stopTimeoutMs: 10_000,
  lanes: 4,
};

export interface DeliveryWorkerDeps {
  db: Db;
  /** For the LISTEN connection that wakes the worker on commits of other instances. */
  pool: Pool;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The domain of the sender address: part of every Message-ID. */
  messageIdDomain: string;
}

export interface DeliveryWorker {
  start(sender: MailSender): Promise<void>;
  /** Look for due rows now (coalesced with a run already in progress). */
  wake(): void;
  /** Run one pass over the due rows and resolve with how many were attempted. */
  runOnce(): Promise<number>;
  /** Stop polling; let the send in progress finish (or abort it and release its row). */
  stop(): Promise<void>;
  readonly running: boolean;
}

type Outcome = 'none' | 'sent' | 'retry' | 'failed';

class StopAbort extends Error {
  override readonly name = 'StopAbort';
}

export function createDeliveryWorker(
  deps: DeliveryWorkerDeps,
  options: Partial<DeliveryWorkerOptions> = {},
): DeliveryWorker {
  const opts: DeliveryWorkerOptions = { ...DEFAULT_WORKER_OPTIONS, ...options };
  const { db, clock, log } = deps;
  let sender: MailSender | null = null;
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<number> | null = null;
  let wakeAgain = false;
  const abortSends = new AbortController();

  const listener = createOutboxListener(
    deps.pool,
    () => worker.wake(),
    (err) => log.warn({ err }, 'mail outbox listener lost its connection; polling continues'),
  );

  async function deliverOne(): Promise<Outcome> {
    const send = sender;
    if (!send) return 'none';
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(outbox)
        .where(dueAt(clock.now()))
        .orderBy(asc(outbox.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return 'none';

      const messageId = row.messageId ?? messageIdFor(row.id, deps.messageIdDomain);
      const attempts = row.attempts + 1;
      await tx.update(outbox).set({ status: 'sending', messageId }).where(eq(outbox.id, row.id));

      let problem: unknown;
      try {
        const rendered = renderMail(row.template, row.vars, row.locale);
        await send.send({ ...rendered, to: row.to, messageId }, abortSends.signal);
      } catch (err) {
        // Aborted by stop(): roll back, so the row is released untouched for the next run.
        if (abortSends.signal.aborted) throw new StopAbort('delivery aborted by stop');
        problem = err;
      }

      if (problem === undefined) {
        await tx
          .update(outbox)
          .set({ status: 'sent', attempts, sentAt: clock.now(), lastError: null, nextAttemptAt: null })
          .where(eq(outbox.id, row.id));
        return 'sent';
      }

      // A row that cannot be rendered will never render: retrying would only delay the alarm.
      const giveUp = problem instanceof InvalidMailError || isGivenUp(opts.retry, attempts);
      const lastError = describe(problem);
      await tx
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          attempts,
          lastError,
          nextAttemptAt: giveUp ? null : new Date(clock.now().getTime() + retryDelayMs(opts.retry, attempts)),
        })
        .where(eq(outbox.id, row.id));
      const logged = { outboxId: row.id, template: row.template, attempts, err: lastError };
      if (giveUp) log.error(logged, 'mail delivery failed for good');
      else log.warn(logged, 'mail delivery failed; will retry');
      return giveUp ? 'failed' : 'retry';
    });
  }

  /**
   * Whether a look on the LISTEN connection (held anyway) finds no due row. An idle poll then takes
   * no connection of the pool: `lanes` transactions every poll would keep that many connections
   * open in every worker (the pool closes one only after it sat idle for its timeout, longer than
   * the poll). Without the listener, or if the look fails, the lanes look themselves.
   */
  async function nothingDue(): Promise<boolean> {
    const look = db.select({ id: outbox.id }).from(outbox).where(dueAt(clock.now())).limit(1).toSQL();
    const rows = await listener.read(look.sql, look.params).catch(() => null);
    return rows !== null && rows.length === 0;
  }

  async function runPass(): Promise<number> {
    await listener.ensure().catch((err: unknown) => log.warn({ err }, 'mail outbox listener not connected'));
    if (await nothingDue()) return 0;
    let attempted = 0;
    let halted = false;
    const lane = async () => {
      while (!stopping && !halted) {
        let outcome: Outcome;
        try {
          outcome = await deliverOne();
        } catch (err) {
          if (!(err instanceof StopAbort)) log.error({ err }, 'mail delivery pass stopped by an error');
          halted = true;
          break;
        }
        if (outcome === 'none') break;
        attempted += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.lanes) }, lane));
    return attempted;
  }

  function schedule() {
    clearTimeout(timer);
    if (!started || stopping) return;
    timer = setTimeout(() => worker.wake(), opts.pollIntervalMs);
    // Pending mail must not keep a process alive that is otherwise done.
    timer.unref();
  }

  function startPass(): Promise<number> {
    clearTimeout(timer);
    const current = runPass().finally(() => {
      pass = null;
      if (wakeAgain && !stopping) {
        wakeAgain = false;
        void startPass();
      } else {
        schedule();
      }
    });
    pass = current;
    return current;
  }

  const worker: DeliveryWorker = {
    async start(mailSender) {
      if (started) throw new Error('the mail delivery worker is already started');
      sender = mailSender;
      started = true;
      void startPass();
    },
    wake() {
      if (!started || stopping) return;
      if (pass) wakeAgain = true;
      else void startPass();
    },
    async runOnce() {
      if (!started || stopping) return 0;
      while (pass) await pass;
      return startPass();
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      clearTimeout(timer);
      const inFlight = pass;
      if (inFlight) {
        const deadline = setTimeout(
          () => abortSends.abort(new StopAbort('stop timeout')),
          opts.stopTimeoutMs,
        );
        await inFlight.catch(() => undefined);
        clearTimeout(deadline);
      }
      await listener.close();
      sender?.close();
      started = false;
    },
    get running() {
      return started && !stopping;
    },
  };
  return worker;
}

/** A pending row whose next attempt (if any) is due. */
function dueAt(now: Date) {
  return and(eq(outbox.status, 'pending'), or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now)));
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown; responseCode?: unknown }).code;
    const shown = typeof code === 'string' || typeof code === 'number' ? String(code) : '';
    const text = shown ? `${shown}: ${err.message}` : err.message;
    return text.slice(0, 1000);
  }
  return String(err).slice(0, 1000);
}
