// Issue 28 §6 over HTTP: the certification case answer carries what the presentation-attack checks
// measured on the authorizer's capture (verification_sessions.attack_evidence, written here straight
// into the test database as the face engine writes it), each figure with its threshold. A part that is
// missing or not of the contract's shape is null ("not measured"), never a number without its
// threshold; a capture checked before these checks existed has no evidence at all.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPaths, adminPath, type CertificationCaseView } from '../../../src/contract/api/admin';
import type { FaceAttackEvidence } from '../../../src/contract/api/verification';
import { verificationSessions } from '../../../src/server/db/schema/verification';
import type { SignedIn } from '../../support/sessions';
import type { TestApp } from '../../support/testApp';
import { appWithTwoReviewers } from './decisionSuite';
import { call, submittedCertification } from './support';

let t: TestApp, alice: SignedIn;
beforeAll(async () => ({ t, alice } = await appWithTwoReviewers()));
afterAll(() => t?.close());

const EVIDENCE: FaceAttackEvidence = {
  challenge: { asked: 'right-up-left', seen: ['right', 'up', 'left'], passed: true },
  planeResidual: { value: 0.0213, threshold: 0.0105, passed: true, rms: 0.025 },
  idReuse: { similarity: 0.41, similarityThreshold: 0.9, hashDistance: 27, hashThreshold: 8, reused: false },
  antispoof: { score: 0.87, threshold: 0.5, decides: false },
  livenessModel: { score: 0.64, threshold: 0.4, decides: true },
};

/** A submitted case whose authorizer session holds `stored` in attack_evidence (raw jsonb). */
async function caseWithEvidence(stored: unknown) {
  const submitted = await submittedCertification(t);
  const sessionId = (submitted.draft.uploadAuthorizerInfo as { verificationSessionId: string })
    .verificationSessionId;
  // Raw SQL: the malformed values below are what the typed schema would not let a test write.
  await t.app.db.execute(
    sql`update ${verificationSessions} set attack_evidence = ${stored === null ? null : JSON.stringify(stored)}::jsonb where id = ${sessionId}`,
  );
  const res = await call<CertificationCaseView>(
    t,
    alice,
    'GET',
    adminPath(AdminPaths.certificationCase, { id: submitted.application.id }),
  );
  expect(res.status).toBe(200);
  return res.body.data.authorizer?.face;
}

describe('presentation-attack evidence in the case answer (issue 28 §6)', () => {
  it('carries every measured figure with its threshold, as stored', async () => {
    const face = await caseWithEvidence(EVIDENCE);
    expect(face?.attack).toEqual(EVIDENCE);
  });

  it('reads a challenge stored before session 13 (an old two-move name) as its two moves', async () => {
    const face = await caseWithEvidence({
      ...EVIDENCE,
      challenge: { asked: 'rightThenLeft', seen: ['right', 'left'], passed: true },
    });
    expect(face?.attack?.challenge).toEqual({ asked: 'right-left', seen: ['right', 'left'], passed: true });
    const unknown = await caseWithEvidence({
      ...EVIDENCE,
      challenge: { asked: 'spin', seen: [], passed: false },
    });
    expect(unknown?.attack?.challenge).toBeNull();
  });

  it('carries the texture plane fit’s points and the mesh figure beside it (session 12)', async () => {
    const texture: FaceAttackEvidence = {
      ...EVIDENCE,
      planeResidual: {
        value: 0.0186,
        threshold: 0.004,
        passed: true,
        rms: 0.0142,
        points: 56,
        meshValue: 0.0534,
      },
    };
    expect((await caseWithEvidence(texture))?.attack?.planeResidual).toEqual(texture.planeResidual);
    // A malformed extra is left out, the judged figure kept.
    const face = await caseWithEvidence({
      ...EVIDENCE,
      planeResidual: { value: 0.0186, threshold: 0.004, passed: true, points: '56' },
    });
    expect(face?.attack?.planeResidual).toEqual({ value: 0.0186, threshold: 0.004, passed: true });
  });

  it('carries the screen lattice’s peak with its threshold (session 12), and leaves a malformed one out', async () => {
    const screen: FaceAttackEvidence = {
      ...EVIDENCE,
      screenLattice: {
        value: 151.2,
        threshold: 17,
        passed: false,
        channel: 'luma',
        cyclesPerPixel: [0.4063, -0.0234],
      },
    };
    expect((await caseWithEvidence(screen))?.attack).toEqual(screen);
    const malformed = await caseWithEvidence({
      ...EVIDENCE,
      screenLattice: {
        value: 151.2,
        threshold: 17,
        passed: false,
        channel: 'infrared',
        cyclesPerPixel: [0.4, 0],
      },
    });
    expect(malformed?.attack).toEqual(EVIDENCE);
    expect(malformed?.attack).not.toHaveProperty('screenLattice');
  });

  it('carries the screen flicker’s bands with their threshold (session 13), and leaves a malformed one out', async () => {
    const screen: FaceAttackEvidence = {
      ...EVIDENCE,
      screenBands: { value: 0.0196, threshold: 0.005, passed: false, cyclesPerFrame: 4.88, pairs: 4 },
    };
    expect((await caseWithEvidence(screen))?.attack).toEqual(screen);
    const malformed = await caseWithEvidence({
      ...EVIDENCE,
      screenBands: { value: 0.0196, threshold: 0.005, passed: 'no', cyclesPerFrame: 4.88, pairs: 4 },
    });
    expect(malformed?.attack).not.toHaveProperty('screenBands');
  });

  it('answers null for a capture without evidence', async () => {
    expect((await caseWithEvidence(null))?.attack).toBeNull();
  });

  it('keeps whole parts and answers null for parts that are missing or malformed', async () => {
    const face = await caseWithEvidence({
      challenge: { asked: 'sideways', seen: ['left'], passed: true },
      planeResidual: { value: 0.004, passed: false },
      idReuse: EVIDENCE.idReuse,
      antispoof: { score: '0.9', threshold: 0.5, decides: true },
    });
    expect(face?.attack).toEqual({
      challenge: null,
      planeResidual: null,
      idReuse: EVIDENCE.idReuse,
      antispoof: null,
      livenessModel: null,
    });
  });

  it('answers null when nothing stored is of the contract’s shape', async () => {
    expect((await caseWithEvidence({ planeResidual: 'flat' }))?.attack).toBeNull();
    expect((await caseWithEvidence([1, 2]))?.attack).toBeNull();
  });
});
