// What travels on the session cache's channels (docs/decisions/performance.md "Session cache").
// The database announces changes on the shared channel (migration 0019's triggers); holders ask each
// other for a fence there too, and answer on the asker's own channel, named after its backend pid.
// PostgreSQL delivers a session every notice of the channels it listens on in commit order, whatever
// the channel: a holder that reads a notice has read every notice committed before it.

/** The channel the triggers announce changes on (migration 0019). */
export const SHARED_CHANNEL = 'portal_session_cache';

/** The application_name a holder's connection takes once it listens: how a fence finds the holders. */
export const HOLDER_APPLICATION_NAME = 'portal session cache';

/** A holder's own channel: its sentinels and the answers to its fences. */
export function ownChannel(backendPid: number): string {
  return `portal_session_cache_${backendPid}`;
}

export type Change =
  | { kind: 'user' | 'company' | 'session'; id: string }
  /** A TRUNCATE: nothing cached may stay. */
  | { kind: 'all' };

export type Notice =
  | { type: 'change'; change: Change }
  /** Holder `askerPid` waits until every holder has read every notice before this one. */
  | { type: 'fenceAsked'; askerPid: number; fenceId: string }
  /** On an asker's own channel: holder `holderPid` has read up to fence `fenceId`. */
  | { type: 'fenceAnswered'; fenceId: string; holderPid: number }
  /** On a holder's own channel: its own marker is through, and so is all that came before it. */
  | { type: 'sentinel'; sentinelId: string };

const CHANGE_KIND = { u: 'user', c: 'company', s: 'session' } as const;

export function fenceAskedPayload(askerPid: number, fenceId: string): string {
  return `f:${askerPid}:${fenceId}`;
}

export function fenceAnsweredPayload(fenceId: string, holderPid: number): string {
  return `a:${fenceId}:${holderPid}`;
}

export function sentinelPayload(sentinelId: string): string {
  return `m:${sentinelId}`;
}

/** What a payload says; null for anything else (a newer version's notice is ignored, not fatal). */
export function readNotice(payload: string | undefined): Notice | null {
  if (payload === undefined) return null;
  if (payload === '*') return { type: 'change', change: { kind: 'all' } };
  const colon = payload.indexOf(':');
  if (colon !== 1) return null;
  const tag = payload[0]!;
  const rest = payload.slice(2);
  if (tag === 'u' || tag === 'c' || tag === 's') {
    return rest ? { type: 'change', change: { kind: CHANGE_KIND[tag], id: rest } } : null;
  }
  const parts = rest.split(':');
  if (tag === 'f' && parts.length === 2) {
    const askerPid = Number(parts[0]);
    return Number.isInteger(askerPid) && parts[1]
      ? { type: 'fenceAsked', askerPid, fenceId: parts[1] }
      : null;
  }
  if (tag === 'a' && parts.length === 2) {
    const holderPid = Number(parts[1]);
    return Number.isInteger(holderPid) && parts[0]
      ? { type: 'fenceAnswered', fenceId: parts[0], holderPid }
      : null;
  }
  if (tag === 'm' && rest) return { type: 'sentinel', sentinelId: rest };
  return null;
}
