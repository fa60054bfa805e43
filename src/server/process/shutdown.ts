// Stopping an HTTP worker: stop accepting, let what is in flight finish (uploads included), end
// the event streams with a retry hint (routes/verify), close the plugins' pools and workers — all
// of it app.close() — within a bound. One close shared by every reason to stop (a signal, a fault).
import { within } from './describeError';

/** How long open requests may take to finish on SIGTERM/SIGINT (a 10 MB upload needs far less). */
export const SHUTDOWN_GRACE_MS = 20_000;

/** A drain run at most once; each caller waits up to its own bound. Resolves true if it finished. */
export function createDrain(close: () => Promise<void>): (boundMs: number) => Promise<boolean> {
  let closing: Promise<boolean> | undefined;
  return (boundMs) => {
    closing ??= close().then(
      () => true,
      () => false,
    );
    return within(closing, boundMs, false);
  };
}
