// What a page-handled call (isPageHandle) rejects with when no answer came back: the connection
// failed or the 90 s limit hit. Such a page asked for the raw envelope, and there is none to give,
// so resolving with an invented one would hide the failure from the flow's error branch.

export class TransportFailureError extends Error {
  override readonly name = 'TransportFailureError';
  constructor(
    readonly method: string,
    readonly url: string,
    /** True when the client's own time limit ended the call. */
    readonly timedOut: boolean,
  ) {
    super(`${timedOut ? 'timeout' : 'transport failure'}: ${method} ${url}`);
  }
}

/** True for a page-handled call's transport failure (not for a cancellation). */
export function isTransportFailure(error: unknown): error is TransportFailureError {
  return error instanceof TransportFailureError;
}
