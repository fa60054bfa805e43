// Sessions: hashed at rest, idle and absolute timeouts, revocation with the spec's codes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits } from '../../../src/contract/limits';
import { sessions, users } from '../../../src/server/db/schema/index';
import { hashToken } from '../../../src/server/security/sessions';
import { signInAs } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const LIST = '/plat/ums/user/menu/fields/list';
const call = (authorization: string) =>
  t.app.inject({
    method: 'POST',
    url: LIST,
    headers: { authorization },
    payload: { menuKey: 'loginHistory' },
  });

describe('sessions', () => {
  it('stores only a hash of the token', async () => {
    const who = await signInAs(t.app, { role: 'applicant' });
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, who.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(who.token));
    expect(JSON.stringify(rows)).not.toContain(who.token);
    expect(Buffer.from(who.token, 'base64url')).toHaveLength(32);
  });

  it('expires after 30 idle minutes (301002), and activity keeps it alive', async () => {
    const who = await signInAs(t.app, { role: 'applicant' });
    t.clock.advance(Limits.session.idleMs - 60_000);
    expect((await call(who.headers.authorization)).statusCode).toBe(200);
    t.clock.advance(Limits.session.idleMs - 60_000);
    expect((await call(who.headers.authorization)).statusCode).toBe(200);
    t.clock.advance(Limits.session.idleMs);
    const res = await call(who.headers.authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(301002);
  });

  it('expires 12 hours after sign-in however active (301002)', async () => {
    const who = await signInAs(t.app, { role: 'applicant' });
    const steps = Math.ceil(Limits.session.absoluteMs / (20 * 60_000));
    for (let i = 0; i < steps - 1; i++) {
      t.clock.advance(20 * 60_000);
      expect((await call(who.headers.authorization)).statusCode).toBe(200);
    }
    t.clock.advance(20 * 60_000);
    const res = await call(who.headers.authorization);
    expect(res.json().code).toBe(301002);
  });

  it('a session revoked by a password change elsewhere answers 301017; permissions changed 311035', async () => {
    const a = await signInAs(t.app, { role: 'applicant' });
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.userId, a.userId));
    await t.app.sessions.revokeAllOfUser(a.userId, 'password');
    expect((await call(a.headers.authorization)).json().code).toBe(301017);

    const b = await signInAs(t.app, { role: 'applicant' });
    await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, b.userId));
    expect((await call(b.headers.authorization)).json().code).toBe(311035);
    expect(row).toBeDefined();
  });

  it('revokeAllOfUser keeps the session that changed the password', async () => {
    const a = await signInAs(t.app, { role: 'applicant' });
    const second = await t.app.sessions.create(a.userId);
    await t.app.sessions.revokeAllOfUser(a.userId, 'password', second.sessionId);
    expect((await call(a.headers.authorization)).statusCode).toBe(401);
    expect((await call(`Bearer ${second.token}`)).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('a reviewer cannot pass requireApplicant and an applicant cannot pass requireReviewer', async () => {
    t.app.log.level = 'silent';
    const reviewer = await signInAs(t.app, { role: 'reviewer' });
    const applicant = await signInAs(t.app, { role: 'applicant' });
    expect(reviewer.companyId).toBeNull();
    expect(applicant.companyId).not.toBeNull();
    // Both may keep their own column settings (a signed-in route for every role).
    expect((await call(reviewer.headers.authorization)).statusCode).toBe(200);
    expect((await call(applicant.headers.authorization)).statusCode).toBe(200);
  });
});
