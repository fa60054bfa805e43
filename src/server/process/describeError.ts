// An error as one readable message: its own text and each distinct cause (no stack).
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const causes: string[] = [];
  for (let c: unknown = error.cause; c instanceof Error; c = c.cause) causes.push(c.message);
  return [error.message, ...causes.filter((m) => !error.message.includes(m))].join('\n  caused by: ');
}

/** Resolves with the promise's value, or with `fallback` after `ms` (the timer does not hold the process). */
export function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms).unref()),
  ]);
}
