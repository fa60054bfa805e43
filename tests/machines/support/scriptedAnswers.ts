// Scripted answers for a chart's invoked effects in machine tests: a value resolves, an Error
// rejects (a transport failure), and a Held answer waits until the test releases it, so the test can
// look at the chart while the call is in flight.

/** An answer the test releases when it chooses (to look at the chart while it waits). */
export class Held<T> {
  readonly promise: Promise<T>;
  release!: (value: T) => void;
  constructor() {
    this.promise = new Promise<T>((resolve) => {
      this.release = resolve;
    });
  }
}

export type Answer<T> = T | Error | Held<T>;

/** The promise a scripted answer stands for. */
export function settleAnswer<T>(next: Answer<T>): Promise<T> {
  if (next instanceof Held) return next.promise;
  return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
}
