// The seam between the API client and the session machine: the client asks whether requests are
// being refused and reports session-invalid codes; the session wiring (session/sessionActor.ts)
// installs the real behaviour. Kept apart so the client does not import the machine.

export interface SessionGate {
  /** True while a session invalidation is in progress (spec §4 "the flag"). */
  isRejectingRequests(): boolean;
  reportSessionInvalid(code: number): void;
}

let current: SessionGate = {
  isRejectingRequests: () => false,
  reportSessionInvalid: () => {},
};

export function installSessionGate(gate: SessionGate): void {
  current = gate;
}

export const sessionGate: SessionGate = {
  isRejectingRequests: () => current.isRejectingRequests(),
  reportSessionInvalid: (code) => current.reportSessionInvalid(code),
};
