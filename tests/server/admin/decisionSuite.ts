// What a file of decision tests starts from: one app and two reviewers (two, so that parallel
// decisions can race), and the approve / reject calls of one kind of case. An approval takes two
// people (issue 21 §3): `approve` is the reviewer's proposal confirmed by a separate approver;
// `propose` and `confirm` are the two halves.
import { AdminPaths, adminPath, type DecisionResult } from '../../../src/contract/api/admin';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { call, reviewer } from './support';

export async function appWithTwoReviewers(): Promise<{ t: TestApp; alice: SignedIn; bob: SignedIn }> {
  const t = await createTestApp();
  try {
    return { t, alice: await reviewer(t), bob: await reviewer(t) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

const approvers = new WeakMap<TestApp, Promise<SignedIn>>();
/** The suite's second pair of eyes: one account with the approver role per app. */
export function approverOf(t: TestApp): Promise<SignedIn> {
  let approver = approvers.get(t);
  if (!approver) {
    approver = signInAs(t.app, { role: 'reviewer', roles: ['approver'], language: 'en-us' });
    approvers.set(t, approver);
  }
  return approver;
}

/** `app` is read at call time: the suite's app starts in beforeAll. */
export function decisionCalls(kind: 'certification' | 'cardApplication', app: () => TestApp) {
  return {
    propose: (who: SignedIn, id: string, version: number) =>
      call<DecisionResult>(app(), who, 'POST', adminPath(AdminPaths[`${kind}Approve`], { id }), { version }),
    confirm: (who: SignedIn, id: string, version: number) =>
      call<DecisionResult>(app(), who, 'POST', adminPath(AdminPaths[`${kind}ConfirmApproval`], { id }), {
        version,
      }),
    /** The whole approval: `who` proposes, a second person with the approver role confirms. */
    async approve(who: SignedIn, id: string, version: number) {
      const proposed = await call<DecisionResult>(
        app(),
        who,
        'POST',
        adminPath(AdminPaths[`${kind}Approve`], { id }),
        { version },
      );
      if (proposed.status !== 200) return proposed;
      const approver = await approverOf(app());
      return call<DecisionResult>(
        app(),
        approver,
        'POST',
        adminPath(AdminPaths[`${kind}ConfirmApproval`], { id }),
        {
          version: proposed.body.data.version,
        },
      );
    },
    reject: (who: SignedIn, id: string, body: unknown) =>
      call<DecisionResult>(app(), who, 'POST', adminPath(AdminPaths[`${kind}Reject`], { id }), body),
  };
}

/** Orders rows of strings by their text, for comparing rows written at one time. */
export const byText = (a: readonly unknown[], b: readonly unknown[]) => a.join().localeCompare(b.join());
