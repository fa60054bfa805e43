// Every request in flight, so the session machine can cancel them all at once (spec §4).

export class RequestCancelledError extends Error {
  override readonly name = 'RequestCancelledError';
}

export interface RequestRegistry {
  /** Tracks a request until `release` is called. */
  track(controller: AbortController): () => void;
  /** Aborts every tracked request; each one rejects with `message`. */
  cancelAll(message: string): void;
  size(): number;
}

export function createRequestRegistry(): RequestRegistry {
  const inFlight = new Set<AbortController>();
  return {
    track(controller) {
      inFlight.add(controller);
      return () => inFlight.delete(controller);
    },
    cancelAll(message) {
      const all = [...inFlight];
      inFlight.clear();
      for (const controller of all) controller.abort(new RequestCancelledError(message));
    },
    size: () => inFlight.size,
  };
}

/** The app's one registry. */
export const requestRegistry = createRequestRegistry();
