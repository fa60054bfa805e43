// What a file of decision tests starts from: one app and two reviewers (two, so that parallel
// decisions can race), and the approve / reject calls of one kind of case.
import { AdminPaths, adminPath, type DecisionResult } from '../../../src/contract/api/admin';
import type { SignedIn } from '../../support/sessions';
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

/** `app` is read at call time: the suite's app starts in beforeAll. */
export function decisionCalls(kind: 'certification' | 'cardApplication', app: () => TestApp) {
  return {
    approve: (who: SignedIn, id: string, version: number) =>
      call<DecisionResult>(app(), who, 'POST', adminPath(AdminPaths[`${kind}Approve`], { id }), { version }),
    reject: (who: SignedIn, id: string, body: unknown) =>
      call<DecisionResult>(app(), who, 'POST', adminPath(AdminPaths[`${kind}Reject`], { id }), body),
  };
}
