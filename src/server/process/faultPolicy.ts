// The worker's one answer to a fault that escaped every handler (issue 17 §2): an uncaught
// exception or an unhandled rejection. Log it with the request it came from, report it (scrubbed,
// observability/faultReporter.ts), tell the supervisor (which starts a replacement now), stop
// accepting, let what is in flight finish for a bounded time, exit 1. Crash and replace, not
// swallow and go on: after such a fault nobody knows which state is half-changed (a pool client
// never released, a lock never freed, a stream never ended), and a fresh process is the only state
// known to be good. docs/decisions/processes-and-resilience.md "A supervised process" says more.
import type { FastifyInstance } from 'fastify';
import type { ProcessFaultReporter } from '../observability/faultReporter';
import { currentRequest } from '../observability/requestContext';
import { describeError, within } from './describeError';
import { tellSupervisor } from './messages';

/** How long in-flight requests may take to finish after a fault. */
export const FAULT_DRAIN_MS = 10_000;
/** How long the report to Sentry may take before the worker exits anyway. */
const REPORT_MS = 3_000;

export interface FaultPolicyOptions {
  /** The app once built (undefined while the worker starts). */
  app: () => FastifyInstance | undefined;
  /** Stops accepting and drains; resolves true if everything finished within `ms`. */
  drain: (ms: number) => Promise<boolean>;
  report?: ProcessFaultReporter;
  exit?: (code: number) => void;
}

export type FaultKind = 'uncaught exception' | 'unhandled rejection';

export function installFaultPolicy(
  opts: FaultPolicyOptions,
): (kind: FaultKind, error: unknown) => Promise<void> {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let failing = false;

  const handle = async (kind: FaultKind, error: unknown) => {
    const context = currentRequest();
    const fields = { err: error, fault: kind, ...context };
    const app = opts.app();
    if (failing) {
      if (app) app.log.error(fields, `another ${kind} while this worker drains`);
      else console.error(`Another ${kind} while this worker stops: ${describeError(error)}`);
      return;
    }
    failing = true;
    try {
      if (app)
        app.log.fatal(fields, `${kind}: this worker stops, drains and exits; the supervisor replaces it`);
      else console.error(`A ${kind} while the worker started: ${describeError(error)}`);
      tellSupervisor({ type: 'portal:fault', message: describeError(error) });
      const reported = opts.report
        ? within(
            opts.report(error, context).then(
              () => undefined,
              (err: unknown) => app?.log.warn({ err }, 'fault report not delivered'),
            ),
            REPORT_MS,
            undefined,
          )
        : Promise.resolve();
      const [, drained] = await Promise.all([reported, opts.drain(FAULT_DRAIN_MS)]);
      if (!drained) app?.log.error(`requests still open after ${FAULT_DRAIN_MS} ms: exiting anyway`);
    } finally {
      exit(1);
    }
  };

  process.on('uncaughtException', (error, origin) => {
    void handle(origin === 'unhandledRejection' ? 'unhandled rejection' : 'uncaught exception', error);
  });
  process.on('unhandledRejection', (reason) => {
    void handle('unhandled rejection', reason);
  });
  return handle;
}
