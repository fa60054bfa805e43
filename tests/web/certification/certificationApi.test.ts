// The wizard's calls from one tab take turns (issue 17 §3): an autosave and a step's save that fall
// due together must not both name the same version, or the server refuses the second as stale and
// the person is told another tab changed the draft while no other tab is open (seen in CI). A save
// from another tab still shows as a conflict.
import { describe, expect, it } from 'vitest';
import { CertificationPaths } from '../../../src/contract/api/certification';
import { Codes } from '../../../src/contract/codes';
import type { ApiClient } from '../../../src/web/api/client';
import { createCertificationApi } from '../../../src/web/features/certification/certificationApi';

/** A server holding one draft version: a save naming another version is refused as stale. Its
 *  answers wait until `answerAll` (a slow network), so calls can overlap. */
function fakeServer() {
  let stored = 1;
  const seen: number[] = [];
  const waiting: Array<() => void> = [];
  const answer = <T>(make: () => T) =>
    new Promise<T>((resolve) => {
      waiting.push(() => resolve(make()));
    });
  const api = {
    get: () => answer(() => ({ code: Codes.ok.code, msg: '', data: { version: stored, draft: {} } })),
    post: (url: string, body: { version: number }) => {
      if (url !== CertificationPaths.draft) throw new Error(`unexpected ${url}`);
      return answer(() => {
        seen.push(body.version);
        if (body.version !== stored)
          return {
            code: Codes.draftConflict.code,
            msg: '',
            data: { reason: 'staleVersion', version: stored },
          };
        stored += 1;
        return { code: Codes.ok.code, msg: '', data: { version: stored } };
      });
    },
  } as unknown as ApiClient;
  const answerAll = async () => {
    // Answer whatever is waiting, again until nothing more arrives (a call made after an answer).
    for (let round = 0; round < 10; round++) {
      await new Promise((r) => setTimeout(r, 0));
      waiting.splice(0).forEach((send) => send());
    }
  };
  return {
    api,
    seen,
    answerAll,
    saveFromAnotherTab: () => {
      stored += 1;
    },
  };
}

const input = (step: 'completeCompanyInfo' | 'uploadLegalPersonInfo') => ({
  step,
  values: {},
  complete: false,
  currentStep: step,
});

describe('certification calls from one tab', () => {
  it('an autosave and a step save due together both save, the second naming the version the first got', async () => {
    const server = fakeServer();
    const api = createCertificationApi(server.api);
    const loaded = api.loadWizardView();
    await server.answerAll();
    await loaded;

    const autosave = api.saveDraft(input('uploadLegalPersonInfo'));
    const stepSave = api.saveStep(input('uploadLegalPersonInfo'));
    await server.answerAll();
    expect(await autosave).toEqual({ kind: 'saved' });
    expect(await stepSave).toEqual({ kind: 'saved' });
    expect(server.seen).toEqual([1, 2]);
  });

  it('a save after another tab saved is still a conflict', async () => {
    const server = fakeServer();
    const api = createCertificationApi(server.api);
    const loaded = api.loadWizardView();
    await server.answerAll();
    await loaded;

    server.saveFromAnotherTab();
    const save = api.saveDraft(input('completeCompanyInfo'));
    await server.answerAll();
    expect(await save).toEqual({ kind: 'conflict' });
  });
});
