// Issue 19 §1: the enterprise-certification lifecycle driven over HTTP by paths generated from
// machines/certificationLifecycle.machine.ts (real server, real PostgreSQL). The chart is only the
// oracle: every step is an applicant or reviewer request, the status is read back from
// GET /plat/kyb/application, and every event the chart refuses in a state is sent and must be
// refused with its documented code (src/contract/api/certificationPaths.ts, AdminPaths).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminPath, AdminPaths } from '../../../src/contract/api/admin';
import type {
  CertificationDraft,
  CertificationView,
  DraftStepId,
} from '../../../src/contract/api/certification';
import { CertificationPaths } from '../../../src/contract/api/certificationPaths';
import type { CodeName } from '../../../src/contract/codes';
import { machineRegistry } from '../../../machines/registry';
import type { SignedIn } from '../../support/sessions';
import { signInAs } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { certificationOf } from '../admin/support';
import { applicant, validCnDraft, type Caller } from '../certification/support';
import {
  describeLifecycleOverHttp,
  type HttpAnswer,
  httpCall,
  type LifecycleHttpModel,
} from './lifecycleDriver';

const entry = machineRegistry.find((e) => e.id === 'certificationLifecycle')!;

/** What GET /plat/kyb/application reports: the contract's state and the stored status numbers. */
type CertificationStatus = Pick<CertificationView, 'lifecycleState' | 'certificationStatus' | 'auditStatus'>;

// The explicit state ↔ status table: CertificationView's lifecycleState and the numbers of
// docs/product-rules.md "Status codes" (status 0 / 1 / 2, audit — / 0 / 1 / 2 / 3), written out here so that
// a server storing or reporting other numbers for a state fails the comparison after a step. With
// status 0, docs/product-rules.md gives audit "— / 0" one meaning: `observe` reads both as null.
const STATUS_OF: Record<string, CertificationStatus> = {
  'notCertified.noDraft': {
    lifecycleState: 'notCertified.noDraft',
    certificationStatus: 0,
    auditStatus: null,
  },
  'notCertified.draft': { lifecycleState: 'notCertified.draft', certificationStatus: 0, auditStatus: null },
  underReview: { lifecycleState: 'underReview', certificationStatus: 1, auditStatus: 1 },
  rejected: { lifecycleState: 'rejected', certificationStatus: 1, auditStatus: 3 },
  approved: { lifecycleState: 'approved', certificationStatus: 2, auditStatus: 2 },
};

interface Subject {
  caller: Caller;
  /** A complete, valid CN draft (its files uploaded, its face check verified), made on the first
   *  save: a route that never saves (the refusals in 'noDraft') does not pay for it. */
  draft: () => Promise<Required<CertificationDraft>>;
}

let t: TestApp;
let reviewer: SignedIn;
let approver: SignedIn;
let model: LifecycleHttpModel<Subject, CertificationStatus>;

const readView = (s: Subject) =>
  httpCall<CertificationView>(t.url, 'GET', CertificationPaths.application, { headers: s.caller.headers });

/**
 * The applicant's saves: the location first (it is the first save, docs/product-rules.md), then every step
 * at the current version. Answers the first refusal, else the last answer.
 */
async function saveEverything(s: Subject): Promise<HttpAnswer> {
  const before = await readView(s);
  if (!before.data.locationLocked) {
    const confirmed = await httpCall(t.url, 'POST', CertificationPaths.location, {
      headers: s.caller.headers,
      json: { location: 'CN', confirm: true },
    });
    if (confirmed.code !== 200) return confirmed;
  }
  let last: HttpAnswer | null = null;
  for (const [step, values] of Object.entries(await s.draft())) {
    const { version } = (await readView(s)).data;
    last = await httpCall(t.url, 'POST', CertificationPaths.draft, {
      headers: s.caller.headers,
      json: { step: step as DraftStepId, values, currentStep: step, version },
    });
    if (last.code !== 200) return last;
  }
  return last!;
}

/** The case id and version a reviewer decides on (a random id while nothing is stored: 404). */
async function decide(s: Subject, path: string, body: Record<string, unknown>, who: SignedIn = reviewer) {
  const row = await certificationOf(t.app, s.caller.signedIn.companyId!);
  return httpCall(t.url, 'POST', adminPath(path, { id: row?.id ?? randomUUID() }), {
    headers: who.headers,
    json: { version: row?.version ?? 0, ...body },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  reviewer = await signInAs(t.app, { role: 'reviewer', language: 'en-us' });
  approver = await signInAs(t.app, { role: 'reviewer', roles: ['approver'], language: 'en-us' });
  model = {
    entry,
    clock: t.clock,
    start: async () => {
      const caller = await applicant(t, { language: 'en-us' });
      let draft: Promise<Required<CertificationDraft>> | undefined;
      return { caller, draft: () => (draft ??= validCnDraft(t, caller)) };
    },
    send: {
      'applicant.saveDraft': saveEverything,
      // After a rejection the first save is the re-application (services/certification/saveDraft.ts).
      'applicant.reapply': saveEverything,
      'applicant.submit': async (s) =>
        httpCall(t.url, 'POST', CertificationPaths.submit, {
          headers: s.caller.headers,
          json: { version: (await readView(s)).data.version },
        }),
      // Four eyes (issue 21 §3): the reviewer's proposal, then an approver's confirmation; a
      // refusal is the proposal's (machines/approvalLifecycle.machine.ts has its own paths).
      'reviewer.approve': async (s) => {
        const proposed = await decide(s, AdminPaths.certificationApprove, {});
        if (proposed.code !== 200) return proposed;
        return decide(s, AdminPaths.certificationConfirmApproval, {}, approver);
      },
      'reviewer.reject': (s) =>
        decide(s, AdminPaths.certificationReject, { reason: 'The business licence is unreadable.' }),
      'reviewer.requestRevision': (s) =>
        decide(s, AdminPaths.certificationRequestRevision, {
          fields: ['completeCompanyInfo.companyNameEnglish'],
          comment: 'Please write the English name as on the licence.',
        }),
    },
    sameCallAs: {
      'applicant.reapply': ['applicant.saveDraft'],
      'applicant.saveDraft': ['applicant.reapply'],
    },
    // CertificationPaths.submit: a submit after a failed review re-applies with the submitted data
    // first (services/certification/submitApplication.ts).
    composedAs: (event, state) =>
      event === 'applicant.submit' && state === 'rejected' ? ['applicant.reapply', 'applicant.submit'] : null,
    acceptedCode: () => 'ok',
    refusedCode: (event, state): CodeName => {
      // A reviewer deciding a company that has stored nothing finds no case.
      if (event.startsWith('reviewer.') && state === 'notCertified.noDraft') return 'notFound';
      // Spec §2 entry rule: the wizard changes nothing unless status 0, or 1 with audit 3.
      if (event.startsWith('applicant.') && (state === 'underReview' || state === 'approved'))
        return 'certificationEntryDenied';
      return 'transitionNotAllowed';
    },
    observe: async (s) => {
      const res = await readView(s);
      expect(res.code, res.msg).toBe(200);
      const { lifecycleState, certificationStatus, auditStatus } = res.data;
      const audit = certificationStatus === 0 && auditStatus === 0 ? null : auditStatus;
      return { lifecycleState, certificationStatus, auditStatus: audit };
    },
    statusOf: STATUS_OF,
  };
});
afterAll(() => t?.close());

describeLifecycleOverHttp('certification lifecycle over HTTP (generated paths)', entry, () => model);
