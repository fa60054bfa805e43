// Opaque 256-bit session tokens, stored only as a SHA-256 hash; idle and absolute timeouts;
// revocation with a reason that tells the browser which session-invalid code applies
// (docs/product-rules.md "Session", "Session-invalid codes").
import { hash, randomBytes } from 'node:crypto';
import { and, eq, is, isNull, ne, Placeholder, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { SessionUser } from '../../contract/api/accounts';
import type { CodeName } from '../../contract/codes';
import { Limits } from '../../contract/limits';
import { companies, sessions, users } from '../db/schema/index';
import { sessionUserJson } from '../services/accounts/sessionUser';
import type { Clock, Db, DbOrTx, Principal } from '../types';
import { countSessionLookup } from '../observability/metrics/recorders';
import type { SessionCache } from './sessionCache/sessionCache';

export type RevokeReason = 'logout' | 'password' | 'permissions' | 'elsewhere';

/** One-shot hashing (no Hash object per call: the lookup of every signed-in request hashes). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Why a presented token does not sign anybody in: the session-invalid code to answer with. */
export type SessionFailure = Extract<
  CodeName,
  'noToken' | 'loginInvalid' | 'tokenExpired' | 'signedInElsewhere' | 'permissionsChanged'
>;

const REVOKED_CODE: Record<RevokeReason, SessionFailure> = {
  logout: 'loginInvalid',
  password: 'signedInElsewhere',
  elsewhere: 'signedInElsewhere',
  permissions: 'permissionsChanged',
};

/**
 * Refresh last_seen_at at most this often: one write a minute per session, not one per request. A
 * cached session is trusted for as long after it was last seen (sessionCache/store.ts): past that the
 * lookup reads the database and touches, so the idle timeout is the database's on every worker.
 */
export const TOUCH_EVERY_MS = 60_000;

/** The lookup's row, in its select order (pg's array row mode: no object built per column). */
type ResolveRow = [
  sessionId: string,
  lastSeenAt: Date,
  expiresAt: Date,
  revokedAt: Date | null,
  revokedReason: string | null,
  user: SessionUser,
];

/** `cache`: the worker's session cache (security/sessionCache/), or null to read every request. */
export function createSessionService(db: Db, clock: Clock, cache: SessionCache | null = null) {
  // drizzle's node-postgres database keeps the pool it was made with (createDatabase's) as $client.
  const pool = (db as Db & { $client: Pool }).$client;
  // drizzle writes the lookup once, here; pg runs it as a named (prepared) statement on every
  // signed-in request. drizzle's own prepared execute mapped the row field by field through its
  // column decoders, a cost per request the two Dates and one JSON value do not need: pg's own
  // parsers give Dates for timestamptz and the parsed object for json (issue 31 §5).
  const resolveQuery = db
    .select({
      id: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
      user: sessionUserJson,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .toSQL();
  const resolveStatement = (tokenHash: string) => ({
    name: 'session_resolve',
    text: resolveQuery.sql,
    rowMode: 'array' as const,
    values: resolveQuery.params.map((p) => (is(p, Placeholder) ? tokenHash : p)),
  });

  return {
    async create(userId: string, meta: { ip?: string; userAgent?: string } = {}, tx: DbOrTx = db) {
      const token = randomBytes(Limits.session.tokenBytes).toString('base64url');
      const now = clock.now();
      const [row] = await tx
        .insert(sessions)
        .values({
          userId,
          tokenHash: hashToken(token),
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + Limits.session.absoluteMs),
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 300),
        })
        .returning({ id: sessions.id });
      return { token, sessionId: row!.id };
    },

    /**
     * The principal and the session user behind a token. From the worker's cache when it holds the
     * token (sessionCache/: any change to the session, its user or its company drops it on every
     * worker before the request that made the change answers); otherwise in one prepared query (no
     * SQL built, no statement parsed or planned twice per connection), and a logout, a password
     * change or a disabled account refuses the very next request, whichever worker or instance it
     * reaches.
     */
    async resolve(
      token: string,
    ): Promise<{ principal: Principal; user: SessionUser } | { failure: SessionFailure }> {
      const now = clock.now();
      const nowMs = now.getTime();
      const tokenHash = hashToken(token);
      const cached = cache?.holder.isCurrent() ? cache.store.get(tokenHash, nowMs) : undefined;
      countSessionLookup(cached !== undefined);
      if (cached) return cached;
      cache?.holder.ensure();
      const mark = cache?.store.mark();
      const { rows } = await pool.query<ResolveRow>(resolveStatement(tokenHash));
      const row = rows[0];
      if (!row) return { failure: 'loginInvalid' };
      const [sessionId, lastSeenAt, expiresAt, revokedAt, revokedReason, user] = row;
      if (revokedAt)
        return {
          failure: REVOKED_CODE[(revokedReason as RevokeReason) ?? 'logout'] ?? 'loginInvalid',
        };
      if (user.accountStatus !== 'active') return { failure: 'permissionsChanged' };
      if (expiresAt <= now || lastSeenAt.getTime() + Limits.session.idleMs <= nowMs) {
        return { failure: 'tokenExpired' };
      }
      let seenAtMs = lastSeenAt.getTime();
      if (nowMs - seenAtMs >= TOUCH_EVERY_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
        seenAtMs = nowMs;
      }
      const principal: Principal = {
        userId: user.userId,
        sessionId,
        email: user.email,
        role: user.role,
        roles: user.backOfficeRoles,
        companyId: user.companyId,
        locale: user.language,
      };
      if (cache && mark) {
        cache.store.put(
          tokenHash,
          { sessionId, principal, user, lastSeenAtMs: seenAtMs, expiresAtMs: expiresAt.getTime() },
          mark,
        );
      }
      return { principal, user };
    },

    async revoke(sessionId: string, reason: RevokeReason, tx: DbOrTx = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Every session of the user (but `keepSessionId`, when given) ends: password change or reset. */
    async revokeAllOfUser(userId: string, reason: RevokeReason, keepSessionId?: string, tx: DbOrTx = db) {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now(), revokedReason: reason })
        .where(and(...conditions));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
