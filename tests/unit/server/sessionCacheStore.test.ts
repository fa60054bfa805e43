// The session cache's store and messages (src/server/security/sessionCache/): what an entry is trusted
// for, what drops it, and what the channel's payloads say. The database side (triggers, fences across
// instances) is tests/server/security/sessionCache.test.ts.
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../src/contract/api/accounts';
import {
  fenceAnsweredPayload,
  fenceAskedPayload,
  readNotice,
  sentinelPayload,
} from '../../../src/server/security/sessionCache/messages';
import { createSessionStore, type CachedSession } from '../../../src/server/security/sessionCache/store';

const FRESH_MS = 60_000;

function entry(
  over: { sessionId?: string; userId?: string; companyId?: string | null; lastSeenAtMs?: number } = {},
) {
  const userId = over.userId ?? 'user-1';
  const companyId = over.companyId === undefined ? 'company-1' : over.companyId;
  const user = { userId, companyId, backOfficeRoles: [] as string[] } as unknown as SessionUser;
  return {
    sessionId: over.sessionId ?? 'session-1',
    principal: {
      userId,
      sessionId: over.sessionId ?? 'session-1',
      email: 'a@b.c',
      role: 'applicant',
      roles: [],
      companyId,
      locale: 'zh-cn',
    },
    user,
    lastSeenAtMs: over.lastSeenAtMs ?? 1_000,
    expiresAtMs: 1_000 + 12 * 3_600_000,
  } as CachedSession;
}

function listeningStore(maxEntries?: number) {
  const store = createSessionStore({ freshForMs: FRESH_MS, maxEntries });
  store.startListening();
  return store;
}

describe('session store', () => {
  it('trusts an entry until FRESH_MS after its session was last seen, and never past its expiry', () => {
    const store = listeningStore();
    expect(store.put('t', entry(), store.mark())).toBe(true);
    expect(store.get('t', 1_000 + FRESH_MS - 1)).toBeDefined();
    expect(store.get('t', 1_000 + FRESH_MS)).toBeUndefined();
    expect(store.size).toBe(0);

    const ending = { ...entry(), expiresAtMs: 5_000 };
    store.put('e', ending, store.mark());
    expect(store.get('e', 4_999)).toBeDefined();
    expect(store.get('e', 5_000)).toBeUndefined();
  });

  it('keeps nothing while it does not listen, and nothing read across a break', () => {
    const store = createSessionStore({ freshForMs: FRESH_MS });
    expect(store.put('t', entry(), store.mark())).toBe(false);
    store.startListening();
    const mark = store.mark();
    store.stopListening();
    store.startListening();
    expect(store.put('t', entry(), mark)).toBe(false);
    expect(store.listenedSince(mark)).toBe(false);
    expect(store.put('t', entry(), store.mark())).toBe(true);
    store.stopListening();
    expect(store.get('t', 1_000)).toBeUndefined();
    store.startListening();
    expect(store.get('t', 1_000)).toBeUndefined();
  });

  it('does not keep a read when any change was announced while it ran', () => {
    const store = listeningStore();
    const mark = store.mark();
    store.apply({ kind: 'user', id: 'somebody-else' });
    expect(store.put('t', entry(), mark)).toBe(false);
    expect(store.put('t', entry(), store.mark())).toBe(true);
  });

  it('drops what a change names: the session, every session of the user, of the company, or all', () => {
    const store = listeningStore();
    const put = (token: string, e: CachedSession) => store.put(token, e, store.mark());
    put('a', entry({ sessionId: 's-a', userId: 'u-1', companyId: 'c-1' }));
    put('b', entry({ sessionId: 's-b', userId: 'u-1', companyId: 'c-1' }));
    put('c', entry({ sessionId: 's-c', userId: 'u-2', companyId: 'c-1' }));
    put('d', entry({ sessionId: 's-d', userId: 'u-3', companyId: 'c-2' }));
    put('r', entry({ sessionId: 's-r', userId: 'u-4', companyId: null }));
    const present = () => ['a', 'b', 'c', 'd', 'r'].filter((t) => store.get(t, 1_000));

    store.apply({ kind: 'session', id: 's-a' });
    expect(present()).toEqual(['b', 'c', 'd', 'r']);
    store.apply({ kind: 'user', id: 'u-1' });
    expect(present()).toEqual(['c', 'd', 'r']);
    store.apply({ kind: 'company', id: 'c-1' });
    expect(present()).toEqual(['d', 'r']);
    store.apply({ kind: 'all' });
    expect(present()).toEqual([]);
  });

  it('holds at most maxEntries, the oldest put going first', () => {
    const store = listeningStore(2);
    store.put('a', entry({ sessionId: 'a' }), store.mark());
    store.put('b', entry({ sessionId: 'b' }), store.mark());
    store.put('a', entry({ sessionId: 'a' }), store.mark());
    store.put('c', entry({ sessionId: 'c' }), store.mark());
    expect(['a', 'b', 'c'].filter((t) => store.get(t, 1_000))).toEqual(['a', 'c']);
  });

  it('hands out frozen values: one request cannot change what the next one reads', () => {
    const store = listeningStore();
    store.put('t', entry(), store.mark());
    const got = store.get('t', 1_000)!;
    expect(Object.isFrozen(got.principal)).toBe(true);
    expect(Object.isFrozen(got.user)).toBe(true);
    expect(Object.isFrozen(got.user.backOfficeRoles)).toBe(true);
  });
});

describe('session cache messages', () => {
  it('reads what the triggers and the holders send', () => {
    expect(readNotice('u:7b0c')).toEqual({ type: 'change', change: { kind: 'user', id: '7b0c' } });
    expect(readNotice('c:1')).toEqual({ type: 'change', change: { kind: 'company', id: '1' } });
    expect(readNotice('s:2')).toEqual({ type: 'change', change: { kind: 'session', id: '2' } });
    expect(readNotice('*')).toEqual({ type: 'change', change: { kind: 'all' } });
    expect(readNotice(fenceAskedPayload(41, '41.3'))).toEqual({
      type: 'fenceAsked',
      askerPid: 41,
      fenceId: '41.3',
    });
    expect(readNotice(fenceAnsweredPayload('41.3', 52))).toEqual({
      type: 'fenceAnswered',
      fenceId: '41.3',
      holderPid: 52,
    });
    expect(readNotice(sentinelPayload('9'))).toEqual({ type: 'sentinel', sentinelId: '9' });
  });

  it('ignores what it does not know', () => {
    for (const payload of [undefined, '', 'x:1', 'u:', 'uu:1', 'f:abc:1', 'f:1', 'a:1:x', 'm:']) {
      expect(readNotice(payload), String(payload)).toBeNull();
    }
  });
});
