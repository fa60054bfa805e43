// The Sentry browser SDK with the figures of spec §9 (limits.ts ErrorReporting). Loaded only when
// a DSN is configured (errorReporting.ts).
import { browserTracingIntegration, captureMessage, init } from '@sentry/react';
import { HttpStatus } from '../../contract/httpStatus';
import { ErrorReporting } from '../../contract/limits';
import { installApiFailureReporter, type ApiFailure } from '../api/apiFailure';
import { maskUrl, maskValues, prepareForSending } from './sentryScrub';

export const WEB_VERSION = ErrorReporting.release;

export function reportApiFailureToSentry(failure: ApiFailure): void {
  if (failure.status === HttpStatus.forbidden) return;
  captureMessage(failure.label, {
    level: 'error',
    tags: {
      label: failure.label,
      method: failure.method,
      ...(failure.status !== undefined ? { status: String(failure.status) } : {}),
      ...(failure.code !== undefined ? { code: String(failure.code) } : {}),
    },
    contexts: {
      api: {
        url: maskUrl(failure.url),
        status: failure.status,
        params: maskValues(failure.params),
        body: maskValues(failure.body),
      },
    },
    fingerprint: [failure.label, failure.method, failure.url.split('?')[0] ?? ''],
  });
}

export function initSentry(dsn: string, environment: string): void {
  init({
    dsn,
    environment,
    release: ErrorReporting.release,
    initialScope: { tags: { webVersion: WEB_VERSION } },
    sampleRate: ErrorReporting.sampleRate,
    tracesSampleRate: ErrorReporting.tracesSampleRate,
    replaysSessionSampleRate: ErrorReporting.replaysSessionSampleRate,
    replaysOnErrorSampleRate: ErrorReporting.replaysOnErrorSampleRate,
    integrations: [
      browserTracingIntegration({
        idleTimeout: ErrorReporting.idleTimeoutMs,
        finalTimeout: ErrorReporting.finalTimeoutMs,
        // The spec's "heartbeat": SDK 11 names it childSpanTimeout. The 1000-span cap
        // (ErrorReporting.maxSpans) is the SDK's own MAX_SPAN_COUNT and has no option.
        childSpanTimeout: ErrorReporting.heartbeatMs,
      }),
    ],
    beforeSend: (event) => prepareForSending(event),
    beforeSendTransaction: (event) => prepareForSending(event),
  });
  installApiFailureReporter(reportApiFailureToSentry);
}
