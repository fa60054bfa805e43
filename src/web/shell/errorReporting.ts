// Error reporting (spec §9): off without VITE_SENTRY_DSN. The SDK is loaded on demand, so a
// portal without a DSN ships none of it, and session replay arrives 2 s after start.
import { ErrorReporting } from '../../contract/limits';

export interface ErrorReportingEnv {
  dsn: string | undefined;
  environment: string;
}

export function errorReportingEnv(): ErrorReportingEnv {
  return {
    dsn: (import.meta.env.VITE_SENTRY_DSN as string | undefined) || undefined,
    environment: import.meta.env.MODE,
  };
}

/** Starts reporting when a DSN is configured; resolves true when it did. */
export async function startErrorReporting(env: ErrorReportingEnv = errorReportingEnv()): Promise<boolean> {
  if (!env.dsn) return false;
  const { initSentry } = await import('./sentryClient');
  initSentry(env.dsn, env.environment);
  setTimeout(() => {
    void import('./sentryReplay').then((m) => m.addReplay());
  }, ErrorReporting.replayLoadDelayMs);
  return true;
}
