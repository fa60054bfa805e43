// Support by reference (issue 19 §5), on the real server and PostgreSQL: an applicant sends a
// redacted snapshot and gets SR-XXXX-XXXX; a support account opens it by that reference (typed in
// any case, with or without dashes); an oversized snapshot is refused; housekeeping deletes it
// after the retention, and until then a reference past its retention already reads as unknown.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import {
  SUPPORT_REFERENCE_PATTERN,
  SUPPORT_SNAPSHOT_MAX_CHARS,
  SupportReferencePaths,
  normalizeSupportReference,
  type SupportReferenceCreated,
  type SupportReferenceView,
} from '../../../src/contract/api/supportReferences';
import { supportReferences } from '../../../src/server/db/schema/supportReferences';
import { newSupportReference } from '../../../src/server/services/support/supportReferences';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { call } from './support';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let applicant: SignedIn;
let support: SignedIn;

const envelope = (snapshot: Record<string, unknown> = { value: 'idle', context: { email: '‹email›' } }) => ({
  machine: 'login',
  version: 'abc123',
  appVersion: '2.0.0+abcdef1',
  at: '2026-03-01T10:00:00.000Z',
  snapshot,
});

beforeAll(async () => {
  t = await createTestApp();
  applicant = await signInAs(t.app, { role: 'applicant', language: 'en-us' });
  support = await signInAs(t.app, { role: 'reviewer', roles: ['support'], language: 'en-us' });
});
afterAll(async () => {
  await t?.close();
});

describe('support by reference', () => {
  it('an applicant sends a snapshot; support opens it by its reference, typed loosely', async () => {
    const sent = await call<SupportReferenceCreated>(
      t,
      applicant,
      'POST',
      SupportReferencePaths.create,
      envelope(),
    );
    expect(sent.status).toBe(200);
    expect(sent.body.code).toBe(Codes.ok.code);
    const { reference, keptUntil } = sent.body.data;
    expect(reference).toMatch(SUPPORT_REFERENCE_PATTERN);
    expect(new Date(keptUntil).getTime() - t.clock.now().getTime()).toBe(30 * DAY);

    const [row] = await t.app.db
      .select()
      .from(supportReferences)
      .where(eq(supportReferences.reference, reference));
    expect(row).toMatchObject({
      userId: applicant.userId,
      companyId: applicant.companyId,
      machine: 'login',
      machineVersion: 'abc123',
      appVersion: '2.0.0+abcdef1',
    });

    const typed = reference.toLowerCase().replace(/-/g, ' ').replace(/^sr /, '');
    const read = await call<SupportReferenceView>(t, support, 'GET', SupportReferencePaths.read(typed));
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      reference,
      userId: applicant.userId,
      companyId: applicant.companyId,
      envelope: envelope(),
    });
  });

  it('an unknown or malformed reference is notFound', async () => {
    for (const reference of ['SR-2222-2222', 'not-a-reference', 'SR-OOOO-IIII']) {
      const read = await call(t, support, 'GET', SupportReferencePaths.read(reference));
      expect(read.status, reference).toBe(404);
      expect(read.body.code).toBe(Codes.notFound.code);
    }
  });

  it('refuses a snapshot over the size limit and a body that is not an envelope', async () => {
    const big = envelope({ value: 'idle', context: { note: 'x'.repeat(SUPPORT_SNAPSHOT_MAX_CHARS) } });
    const refused = await call(t, applicant, 'POST', SupportReferencePaths.create, big);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(Codes.validationFailed.code);
    const notEnvelope = await call(t, applicant, 'POST', SupportReferencePaths.create, { machine: 'login' });
    expect(notEnvelope.status).toBe(400);
    const justUnder = envelope({
      value: 'idle',
      context: { note: 'x'.repeat(SUPPORT_SNAPSHOT_MAX_CHARS - 100) },
    });
    expect((await call(t, applicant, 'POST', SupportReferencePaths.create, justUnder)).status).toBe(200);
  });

  it('is kept 30 days: past them it reads as unknown and housekeeping deletes it', async () => {
    const sent = await call<SupportReferenceCreated>(
      t,
      applicant,
      'POST',
      SupportReferencePaths.create,
      envelope(),
    );
    const { reference } = sent.body.data;
    // The row ages instead of the clock moving (a month on would end every session too).
    const sentAt = (ageMs: number) =>
      t.app.db
        .update(supportReferences)
        .set({ createdAt: new Date(t.clock.now().getTime() - ageMs) })
        .where(eq(supportReferences.reference, reference));
    await sentAt(30 * DAY - 1000);
    await t.app.housekeeping.runOnce();
    expect((await call(t, support, 'GET', SupportReferencePaths.read(reference))).status).toBe(200);
    await sentAt(30 * DAY);
    expect((await call(t, support, 'GET', SupportReferencePaths.read(reference))).status).toBe(404);
    await sentAt(30 * DAY + 1000);
    const round = await t.app.housekeeping.runOnce();
    expect(round).toMatchObject({ supportReferences: 1 });
    const rows = await t.app.db
      .select()
      .from(supportReferences)
      .where(eq(supportReferences.reference, reference));
    expect(rows).toEqual([]);
  });
});

describe('support reference format', () => {
  it('is SR- and two groups of four from an alphabet without 0, O, 1, I or L', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const reference = newSupportReference();
      expect(reference).toMatch(SUPPORT_REFERENCE_PATTERN);
      expect(reference.slice(3)).not.toMatch(/[01OIL]/);
      seen.add(reference);
    }
    expect(seen.size).toBe(2000);
  });

  it('normalises what a person types', () => {
    expect(normalizeSupportReference('sr-7k4m-2qxd')).toBe('SR-7K4M-2QXD');
    expect(normalizeSupportReference(' 7K4M 2QXD ')).toBe('SR-7K4M-2QXD');
    expect(normalizeSupportReference('SR7K4M2QXD')).toBe('SR-7K4M-2QXD');
    expect(normalizeSupportReference('SR-7K4M-2QX')).toBeNull();
    expect(normalizeSupportReference('SR-7K4M-2QX0')).toBeNull();
  });
});
