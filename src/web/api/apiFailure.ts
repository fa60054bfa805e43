// What an API failure is called when it is reported (spec §7, §9). Pure.
import { HttpStatus, isClientErrorStatus, isServerErrorStatus } from '../../contract/httpStatus';

export type ApiFailureLabel =
  'interface timeout' | '40X server error' | '50X server error' | 'call exception';

export interface ApiFailure {
  label: ApiFailureLabel;
  method: string;
  url: string;
  status?: number;
  code?: number | string;
  params?: unknown;
  body?: unknown;
}

export type ApiFailureReporter = (failure: ApiFailure) => void;

/**
 * The label for a failure, or null when it must not be reported: HTTP 403 never is (spec §6).
 * `status` is the HTTP status when an answer came back; `timedOut` when the 90 s limit hit.
 */
export function labelFailure(input: { status?: number; timedOut?: boolean }): ApiFailureLabel | null {
  if (input.status === HttpStatus.forbidden) return null;
  if (input.timedOut) return 'interface timeout';
  const status = input.status;
  if (status !== undefined && isClientErrorStatus(status)) return '40X server error';
  if (status !== undefined && isServerErrorStatus(status)) return '50X server error';
  return 'call exception';
}

let reporter: ApiFailureReporter = () => {};

/** Error reporting installs the real reporter when a DSN is configured. */
export function installApiFailureReporter(next: ApiFailureReporter): void {
  reporter = next;
}

export const reportApiFailure: ApiFailureReporter = (failure) => reporter(failure);
