// The HTTP statuses the web client tells apart, by name (issue 19 §3: no status numbers in src/web).
// Business outcomes travel as envelope codes (codes.ts); these are the transport's own answers.
export const HttpStatus = {
  /** Never reported to error tracking (spec §6). */
  forbidden: 403,
  /** With code requestInProgress: the first try of this write is still running (idempotency.ts). */
  conflict: 409,
} as const;

/** 2xx. */
export const isSuccessStatus = (status: number): boolean => status >= 200 && status < 300;
/** 4xx: reported as "40X server error" (spec §7). */
export const isClientErrorStatus = (status: number): boolean => status >= 400 && status < 500;
/** 5xx: reported as "50X server error". */
export const isServerErrorStatus = (status: number): boolean => status >= 500;
/** 4xx or 5xx: an answer that is a failure whatever its body says. */
export const isErrorStatus = (status: number): boolean => status >= 400;
