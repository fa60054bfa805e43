// Issue 19 §1: the QR / face verification-session lifecycle driven over HTTP by paths generated from
// machines/verificationSessionLifecycle.machine.ts (real server, real PostgreSQL, the app's test
// clock for the 120-second regenerate and the 10-minute validity). The chart is only the oracle:
// the desktop, the phone and the reviewer are real requests, and the state is read back from
// GET /plat/verify/sessions/:id. The face provider is the one stand-in: a scripted provider (selected
// by the app's FACE_PROVIDER setting, like any vendor) that holds each capture until the path says
// what it answers, so the chart's `verifying` is observed between the capture and its outcome.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminPath, AdminPaths } from '../../../src/contract/api/admin';
import {
  FaceCaptureRules,
  VERIFICATION_SESSION_STATES,
  VerificationPaths,
  type PhoneScanResult,
  type VerificationSessionCreated,
  type VerificationSessionState,
  type VerificationSessionView,
} from '../../../src/contract/api/verification';
import type { CodeName } from '../../../src/contract/codes';
import { certificationApplications } from '../../../src/server/db/schema/certification';
import { verificationSessions } from '../../../src/server/db/schema/verification';
import {
  FACE_PROVIDERS,
  FaceEngineBusyError,
  type FaceProviderFactory,
  type FaceVerificationResult,
} from '../../../src/server/services/verification/faceProvider';
import { machineRegistry } from '../../../machines/registry';
import { eq } from 'drizzle-orm';
import { png } from '../../fixtures/files/samples';
import { createCompany, signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import {
  describeLifecycleOverHttp,
  type HttpAnswer,
  httpCall,
  type LifecycleHttpModel,
  type StatePath,
} from './lifecycleDriver';

const entry = machineRegistry.find((e) => e.id === 'verificationSessionLifecycle')!;

// The explicit state ↔ status table, in the contract's words (VERIFICATION_SESSION_STATES, the
// `state` of VerificationSessionView). A server that renames a stored state fails after a step.
const STATUS_OF: Record<string, VerificationSessionState> = {
  'created.fresh': 'created',
  'created.renewable': 'created',
  'scanned.opened': 'scanned',
  'scanned.verifying': 'verifying',
  'scanned.failed': 'failed',
  verified: 'verified',
  referred: 'referred',
  failedFinal: 'failedFinal',
  cancelled: 'cancelled',
  expired: 'expired',
};

// ---- the scripted face provider ------------------------------------------------------------------

type ProviderAnswer = FaceVerificationResult | Error;
const ENGINE = { name: 'pathsScripted', version: '1' };
const answers: Record<string, ProviderAnswer> = {
  'provider.verified': { outcome: 'verified', score: 0.9, engine: ENGINE },
  'provider.referred': { outcome: 'referred', reason: 'greyBand', score: 0.5, engine: ENGINE },
  'provider.failed': { outcome: 'failed', reason: 'noMatch', score: 0.1, engine: ENGINE },
  // The service turns a failure into failedLastAttempt when it uses up the scan's attempts.
  'provider.failedLastAttempt': { outcome: 'failed', reason: 'noMatch', score: 0.1, engine: ENGINE },
  'provider.busy': new FaceEngineBusyError(),
};

interface Held {
  answer: (result: ProviderAnswer) => void;
}
/** Captures the provider was asked about and has not answered yet, by session id. */
const held = new Map<string, Held>();
const asked = new Map<string, () => void>();

const scriptedProvider: FaceProviderFactory = () => ({
  name: ENGINE.name,
  verify: (input) =>
    new Promise<FaceVerificationResult>((resolve, reject) => {
      held.set(input.sessionId, {
        answer: (result) => (result instanceof Error ? reject(result) : resolve(result)),
      });
      asked.get(input.sessionId)?.();
    }),
});
// A provider is chosen by name from this table (faceProvider.ts "How a vendor plugs in").
(FACE_PROVIDERS as Record<string, FaceProviderFactory>)[ENGINE.name] = scriptedProvider;

// ---- the subject ----------------------------------------------------------------------------------

/** A well-formed phone key no session has (before the scan the phone has none). */
const unknownKey = () => randomBytes(32).toString('base64url');

/** A client address per subject (X-Forwarded-For; the app trusts 127.0.0.1 as its proxy), so the
 *  per-address rate limits of the phone routes count each subject's phone on its own. */
const randomAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

interface Subject {
  who: SignedIn;
  /** The phone's and the desktop's headers: the subject's own address. */
  phone: Record<string, string>;
  sessionId: string;
  token: string;
  /** The phone's key once scanned. */
  key: string | null;
  consented: boolean;
  /** The certification case whose authorizer check this session is (the reviewer decides there). */
  caseId: string;
  /** The capture request in flight while the provider holds it. */
  capture: Promise<HttpAnswer> | null;
}

let t: TestApp;
let model: LifecycleHttpModel<Subject, VerificationSessionState>;

function captureForm(key: string): FormData {
  const form = new FormData();
  form.append('key', key);
  form.append('source', 'camera');
  const frame = png(240, 260);
  for (let i = 0; i < FaceCaptureRules.camera.minFrames; i++)
    form.append('frame', new Blob([new Uint8Array(frame)]), `frame${i}.png`);
  return form;
}

/**
 * The phone's capture (phone.startVerification or phone.retry): consent first if not given, then
 * the frames. Answers once the provider was asked (the session is then verifying; the request stays
 * open until the path says what the provider answers) or once the server refused the capture.
 */
async function startCapture(s: Subject): Promise<HttpAnswer> {
  const key = s.key ?? unknownKey();
  if (s.key && !s.consented) {
    const consent = await httpCall(t.url, 'POST', VerificationPaths.consent, {
      headers: s.phone,
      json: { key, accepted: true },
    });
    if (consent.code !== 200) return consent;
    s.consented = true;
  }
  const providerAsked = new Promise<'asked'>((resolve) => asked.set(s.sessionId, () => resolve('asked')));
  const request = httpCall(t.url, 'POST', VerificationPaths.capture, {
    headers: s.phone,
    form: captureForm(key),
  });
  const first = await Promise.race([providerAsked, request]);
  asked.delete(s.sessionId);
  if (first !== 'asked') return first;
  s.capture = request;
  // Not an HTTP answer yet: the server took the capture and asked the provider (202-like).
  return { status: 202, code: 200, msg: 'capture taken; the provider is deciding' };
}

/** The provider answers the held capture; the capture request then answers. */
function providerAnswers(event: string) {
  return async (s: Subject): Promise<HttpAnswer> => {
    if (!s.capture) return startCapture(s);
    if (event === 'provider.failedLastAttempt') {
      // Setup for the chart's event: this scan has one attempt left (the count is the server's).
      await t.app.db
        .update(verificationSessions)
        .set({ attempts: FaceCaptureRules.attemptsPerScan - 1 })
        .where(eq(verificationSessions.id, s.sessionId));
    }
    held.get(s.sessionId)!.answer(answers[event]!);
    held.delete(s.sessionId);
    const answer = await s.capture;
    s.capture = null;
    return answer;
  };
}

// A reviewer signed in now: the test clock may have moved past an earlier session's idle time.
const override = (decision: 'confirm' | 'reject') => async (s: Subject) =>
  httpCall(t.url, 'POST', adminPath(AdminPaths.certificationFaceOverride, { id: s.caseId }), {
    headers: (await signInAs(t.app, { role: 'reviewer', language: 'en-us' })).headers,
    json: { decision, reason: `The reviewer compared the faces and decided to ${decision}.` },
  });

/** A desktop session in 'created', and the submitted certification that names it (setup). */
async function opened(): Promise<Subject> {
  const company = await createCompany(t.app);
  const who = await signInAs(t.app, { role: 'applicant', companyId: company.id });
  const phone = { 'x-forwarded-for': randomAddress() };
  const created = await httpCall<VerificationSessionCreated>(t.url, 'POST', VerificationPaths.sessions, {
    headers: { ...phone, ...who.headers },
    json: { purpose: 'authorizer', subjectName: 'Zhang San' },
  });
  expect(created.code, created.msg).toBe(200);
  const sessionId = created.data.sessionId;
  const [application] = await t.app.db
    .insert(certificationApplications)
    .values({
      companyId: company.id,
      lifecycleState: 'underReview',
      draft: {},
      version: 1,
      submittedData: { uploadAuthorizerInfo: { choice: 'none', verificationSessionId: sessionId } },
      submittedAt: t.clock.now(),
      submittedBy: who.userId,
    })
    .returning();
  return {
    who,
    phone,
    sessionId,
    token: new URL(created.data.link).searchParams.get('session')!,
    key: null,
    consented: false,
    caseId: application!.id,
    capture: null,
  };
}

beforeAll(async () => {
  t = await createTestApp({ faceProvider: ENGINE.name, trustProxy: ['127.0.0.1'] });
  model = {
    entry,
    clock: t.clock,
    start: opened,
    send: {
      'phone.scan': async (s) => {
        const res = await httpCall<PhoneScanResult>(t.url, 'POST', VerificationPaths.scan, {
          headers: s.phone,
          json: { token: s.token },
        });
        if (res.code === 200) s.key = res.data.phoneKey;
        return res;
      },
      'phone.startVerification': startCapture,
      'phone.retry': startCapture,
      'phone.cancel': (s) =>
        httpCall(t.url, 'POST', VerificationPaths.cancel, {
          headers: s.phone,
          json: { key: s.key ?? unknownKey() },
        }),
      'provider.verified': providerAnswers('provider.verified'),
      'provider.referred': providerAnswers('provider.referred'),
      'provider.failed': providerAnswers('provider.failed'),
      'provider.failedLastAttempt': providerAnswers('provider.failedLastAttempt'),
      'provider.busy': providerAnswers('provider.busy'),
      'reviewer.confirm': override('confirm'),
      'reviewer.reject': override('reject'),
      'desktop.regenerate': (s) =>
        httpCall(t.url, 'POST', VerificationPaths.regenerate(s.sessionId), {
          headers: { ...s.phone, ...s.who.headers },
        }),
      'desktop.close': (s) =>
        httpCall(t.url, 'POST', VerificationPaths.close(s.sessionId), {
          headers: { ...s.phone, ...s.who.headers },
        }),
    },
    // The provider's answers are not requests of their own: they are how a capture ends. Where the
    // chart takes a capture, "a provider answer without one" cannot be sent.
    // The phone's first capture and its retry are the same request too.
    sameCallAs: {
      ...Object.fromEntries(
        Object.keys(answers).map((event) => [event, ['phone.startVerification', 'phone.retry']]),
      ),
      'phone.startVerification': ['phone.retry'],
      'phone.retry': ['phone.startVerification'],
    },
    acceptedCode: (event): CodeName => {
      if (event === 'provider.failed' || event === 'provider.failedLastAttempt') return 'faceCheckFailed';
      if (event === 'provider.busy') return 'faceEngineBusy';
      return 'ok';
    },
    refusedCode: (event, state, s) => refusal(event, state, s),
    observe: async (s) => {
      const res = await httpCall<VerificationSessionView>(
        t.url,
        'GET',
        VerificationPaths.session(s.sessionId),
        {
          headers: { ...s.phone, ...s.who.headers },
        },
      );
      expect(res.code, res.msg).toBe(200);
      return res.data.state;
    },
    statusOf: STATUS_OF,
  };
});
afterAll(async () => {
  // Captures still held (a refusal check in 'verifying') end before the app does.
  for (const h of held.values()) h.answer(answers['provider.failed']!);
  held.clear();
  await t?.close();
});

/** The documented refusal (src/contract/api/verification.ts, AdminPaths) of `event` in `state`. */
function refusal(event: string, state: StatePath, s: Subject): CodeName {
  const status = STATUS_OF[state]!;
  if (event.startsWith('reviewer.')) return 'referredOverrideNotAllowed';
  if (event === 'phone.scan') {
    if (status === 'expired') return 'verificationExpired';
    if (status === 'cancelled') return 'verificationCancelled';
    return 'verificationTokenUsed';
  }
  // A session never scanned gave no phone a key: an unknown key finds nothing.
  if (s.key === null && (event.startsWith('phone.') || event.startsWith('provider.'))) return 'notFound';
  if (event === 'desktop.regenerate' && state === 'created.fresh') return 'regenerateTooSoon';
  if (status === 'expired') return 'verificationExpired';
  if (status === 'cancelled') return 'verificationCancelled';
  return 'transitionNotAllowed';
}

describeLifecycleOverHttp('verification session lifecycle over HTTP (generated paths)', entry, () => model, {
  vocabulary: () => {
    expect(new Set(Object.values(STATUS_OF))).toEqual(new Set(VERIFICATION_SESSION_STATES));
  },
});
