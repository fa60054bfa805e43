// Issue 19 §1: the card-application lifecycle driven over HTTP by paths generated from
// machines/cardApplicationLifecycle.machine.ts (real server, real PostgreSQL). The chart is only the
// oracle: every step is an applicant or reviewer request, the status is read back from
// GET /plat/card/application, and every event the chart refuses in a state is sent and must be
// refused with its documented code (src/contract/api/cardPaths.ts, AdminPaths).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminPath, AdminPaths } from '../../../src/contract/api/admin';
import {
  CARD_APPLICATION_STATES,
  type CardApplicationState,
  type CardApplicationStatus,
  type CardApplicationView,
} from '../../../src/contract/api/card';
import { CardPaths } from '../../../src/contract/api/cardPaths';
import type { CodeName } from '../../../src/contract/codes';
import { machineRegistry } from '../../../machines/registry';
import type { SignedIn } from '../../support/sessions';
import { signInAs } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { applicant, completeApplication, storedApplication } from '../card/support';
import { describeLifecycleOverHttp, httpCall, type LifecycleHttpModel } from './lifecycleDriver';

const entry = machineRegistry.find((e) => e.id === 'cardApplicationLifecycle')!;

/** What GET /plat/card/application reports: the contract's state and stored status. */
interface CardStatus {
  lifecycleState: CardApplicationState;
  status: CardApplicationStatus;
}

// The explicit state ↔ status table, in the contract's words (CARD_APPLICATION_STATES and the
// stored CardApplicationStatus). A server that renames either fails the comparison after a step.
const STATUS_OF: Record<string, CardStatus> = {
  notStarted: { lifecycleState: 'notStarted', status: 'not_started' },
  saved: { lifecycleState: 'saved', status: 'saved' },
  underReview: { lifecycleState: 'underReview', status: 'under_review' },
  revisionRequested: { lifecycleState: 'revisionRequested', status: 'revision_requested' },
  rejected: { lifecycleState: 'rejected', status: 'rejected' },
  approved: { lifecycleState: 'approved', status: 'approved' },
};

interface Subject {
  who: SignedIn;
  /** A complete application, saved by applicant.saveDraft so that a bare submit validates. */
  body: Awaited<ReturnType<typeof completeApplication>>;
}

let t: TestApp;
let reviewer: SignedIn;
let approver: SignedIn;
let model: LifecycleHttpModel<Subject, CardStatus>;

/** The case id and version a reviewer decides on (a random id while nothing is stored: 404). */
async function caseOf(subject: Subject) {
  const row = await storedApplication(t.app, subject.who.companyId!);
  return { id: row?.id ?? randomUUID(), version: row?.version ?? 0 };
}

const decide = async (
  subject: Subject,
  path: string,
  body: Record<string, unknown>,
  who: SignedIn = reviewer,
) => {
  const { id, version } = await caseOf(subject);
  return httpCall(t.url, 'POST', adminPath(path, { id }), {
    headers: who.headers,
    json: { version, ...body },
  });
};

const save = (subject: Subject) =>
  httpCall(t.url, 'POST', CardPaths.save, { headers: subject.who.headers, json: subject.body });

beforeAll(async () => {
  t = await createTestApp();
  reviewer = await signInAs(t.app, { role: 'reviewer', language: 'en-us' });
  approver = await signInAs(t.app, { role: 'reviewer', roles: ['approver'], language: 'en-us' });
  model = {
    entry,
    clock: t.clock,
    // A company with certification status 2 (the precondition of applying at all), seeded directly.
    start: async () => {
      const who = await applicant(t.app, { location: 'HK' });
      return { who, body: await completeApplication(t, who) };
    },
    send: {
      'applicant.saveDraft': save,
      // docs/product-rules.md "Card re-application": the temporary save from 'rejected' is the re-application.
      'applicant.reapply': save,
      // Submits what was saved (an empty body adds nothing to it).
      'applicant.submit': (s) =>
        httpCall(t.url, 'POST', CardPaths.submit, { headers: s.who.headers, json: {} }),
      // Four eyes (issue 21 §3): the reviewer's proposal, then an approver's confirmation; a
      // refusal is the proposal's (machines/approvalLifecycle.machine.ts has its own paths).
      'reviewer.approve': async (s) => {
        const proposed = await decide(s, AdminPaths.cardApplicationApprove, {});
        if (proposed.code !== 200) return proposed;
        return decide(s, AdminPaths.cardApplicationConfirmApproval, {}, approver);
      },
      'reviewer.reject': (s) =>
        decide(s, AdminPaths.cardApplicationReject, { reason: 'The business licence is unreadable.' }),
      // Issue 21 §1 (docs/decisions/back-office.md "Card applications: flags, comments and a revision request"): a revision of named fields with a comment.
      'reviewer.requestRevision': (s) =>
        decide(s, AdminPaths.cardApplicationRequestRevision, {
          fields: ['selectBusinessPurpose.businessPurpose'],
          comment: 'Please choose the purpose that matches the licence.',
        }),
    },
    sameCallAs: {
      'applicant.reapply': ['applicant.saveDraft'],
      'applicant.saveDraft': ['applicant.reapply'],
    },
    // CardPaths.submit: a submit from 'rejected' passes through 'saved' first (the re-application
    // with the submitted data), as src/server/services/card/submitApplication.ts documents.
    composedAs: (event, state) =>
      event === 'applicant.submit' && state === 'rejected' ? ['applicant.reapply', 'applicant.submit'] : null,
    acceptedCode: () => 'ok',
    refusedCode: (event, state): CodeName => {
      // A reviewer deciding a company that has stored nothing finds no case.
      if (event.startsWith('reviewer.') && state === 'notStarted') return 'notFound';
      return 'transitionNotAllowed';
    },
    observe: async (s) => {
      const res = await httpCall<CardApplicationView>(t.url, 'GET', CardPaths.application, {
        headers: s.who.headers,
      });
      expect(res.code, res.msg).toBe(200);
      return { lifecycleState: res.data.lifecycleState, status: res.data.status };
    },
    statusOf: STATUS_OF,
  };
});
afterAll(() => t?.close());

describeLifecycleOverHttp('card application lifecycle over HTTP (generated paths)', entry, () => model, {
  vocabulary: () => {
    expect(new Set(Object.values(STATUS_OF).map((s) => s.lifecycleState))).toEqual(
      new Set(CARD_APPLICATION_STATES),
    );
  },
});
