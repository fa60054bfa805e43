// `npm run admin -- …` against a real database (DATABASE_URL), as an operator would run it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerLinks, transportKeys, users } from '../../../src/server/db/schema/index';
import { verifyPassword } from '../../../src/server/security/passwords';
import { createTestApp, type TestApp } from '../../support/testApp';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
let t: TestApp;

async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/admin.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir },
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('admin CLI', () => {
  it('creates a reviewer who can be verified with the given password; a second one with that email is refused', async () => {
    const made = await admin(
      'create-reviewer',
      '--email',
      'Rev@Example.com',
      '--password',
      'Review#2026',
      '--first-name',
      'Rita',
      '--last-name',
      'Lee',
    );
    expect(made.code).toBe(0);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, 'rev@example.com'));
    expect(row).toMatchObject({
      role: 'reviewer',
      backOfficeRoles: ['reviewer'],
      status: 'active',
      companyId: null,
    });
    expect(await verifyPassword(row!.passwordHash, 'Review#2026')).toBe(true);

    const again = await admin(
      'create-reviewer',
      '--email',
      'rev@example.com',
      '--password',
      'Review#2026',
      '--first-name',
      'R',
      '--last-name',
      'L',
    );
    expect(again.code).toBe(1);
    expect(again.out).toContain('Already exists');
    expect(again.out).not.toContain('$argon2id');
  });

  it('makes the first admin with --roles, changes roles with set-roles, and refuses an unknown role', async () => {
    const made = await admin(
      'create-reviewer',
      '--email',
      'boss@example.com',
      '--password',
      'Review#2026',
      '--first-name',
      'Bo',
      '--last-name',
      'Ss',
      '--roles',
      'admin,approver',
    );
    expect(made.code, made.out).toBe(0);
    const roles = async () =>
      (await t.app.db.select().from(users).where(eq(users.email, 'boss@example.com')))[0]?.backOfficeRoles;
    expect(await roles()).toEqual(['admin', 'approver']);
    expect((await admin('set-roles', '--email', 'boss@example.com', '--roles', 'support')).code).toBe(0);
    expect(await roles()).toEqual(['support']);
    const unknown = await admin('set-roles', '--email', 'boss@example.com', '--roles', 'superuser');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('reviewer, approver, support, admin');
    expect(await roles()).toEqual(['support']);
    expect((await admin('set-roles', '--email', 'nobody@example.com', '--roles', 'admin')).code).toBe(1);
  });

  it('refuses a weak password and a bad email, writing nothing', async () => {
    const weak = await admin(
      'create-reviewer',
      '--email',
      'weak@example.com',
      '--password',
      'password',
      '--first-name',
      'W',
      '--last-name',
      'K',
    );
    expect(weak.code).toBe(1);
    const bad = await admin(
      'create-reviewer',
      '--email',
      'nope',
      '--password',
      'Review#2026',
      '--first-name',
      'W',
      '--last-name',
      'K',
    );
    expect(bad.code).toBe(1);
    expect(await t.app.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toHaveLength(0);
  });

  it('creates, lists and disables partner links; the business-status check follows', async () => {
    expect((await admin('create-link', '--partner', 'Acme Partners', '--code', 'acme-2026')).code).toBe(0);
    const list = await admin('list-links');
    expect(list.out).toMatch(/acme-2026\s+enabled\s+.*Acme Partners/);
    const check = () =>
      t.app.inject({
        method: 'POST',
        url: '/plat/config-management/business-paramters/check-business-status',
        payload: { registerLink: 'acme-2026' },
      });
    expect((await check()).json().data).toMatchObject({ partnerName: 'Acme Partners' });
    expect((await admin('disable-link', '--code', 'acme-2026')).code).toBe(0);
    expect((await check()).json().data).toBeNull();
    const [row] = await t.app.db.select().from(partnerLinks).where(eq(partnerLinks.code, 'acme-2026'));
    expect(row!.enabled).toBe(false);
    expect((await admin('disable-link', '--code', 'no-such')).code).toBe(1);
  });

  it('explains its usage on a wrong command (exit 2)', async () => {
    const res = await admin('frobnicate');
    expect(res.code).toBe(2);
    expect(res.out).toContain('Usage: npm run admin');
  });

  it('rotates the password-transport key: a new current key, the previous one still accepted', async () => {
    const before = await t.app.db.select().from(transportKeys);
    const current = before.filter((k) => k.retiredAt === null);
    expect(current).toHaveLength(1);
    const rotated = await admin('rotate-transport-key');
    expect(rotated.code, rotated.out).toBe(0);
    const after = await t.app.db.select().from(transportKeys);
    const [newCurrent, ...others] = after.filter((k) => k.retiredAt === null);
    expect(others).toEqual([]);
    expect(newCurrent!.keyId).not.toBe(current[0]!.keyId);
    expect(rotated.out).toContain(newCurrent!.keyId);
    expect(after.find((k) => k.keyId === current[0]!.keyId)?.retiredAt).toBeInstanceOf(Date);
    // The private key is never printed.
    expect(rotated.out).not.toContain('PRIVATE KEY');
  });
});
