// The slider chart with its effects: the puzzle and the verdict come from the accounts API.
import { fromPromise } from 'xstate';
import { captchaMachine, type VerifyInput, type VerifyOutcome } from '../../../../machines/captcha.machine';
import type { CaptchaChallenge } from '../../../contract/api/accounts';
import type { AccountsApi } from '../../api/accounts';

export function providedCaptchaMachine(accounts: Pick<AccountsApi, 'loadPuzzle' | 'verifyPuzzle'>) {
  return captchaMachine.provide({
    actors: {
      'load puzzle': fromPromise<CaptchaChallenge, void>(() => accounts.loadPuzzle()),
      'verify answer': fromPromise<VerifyOutcome, VerifyInput>(({ input }) => accounts.verifyPuzzle(input)),
    },
  });
}

/** Anything that takes the slider's events: the login, registration and forgot-password actors. */
export interface CaptchaHost {
  send(event: { type: 'captcha.solved'; captchaToken: string } | { type: 'captcha.cleared' }): void;
}

/** Forwards the slider's token (and its loss) to the flow that hosts it; returns the unsubscriber. */
export function forwardCaptcha(
  captcha: {
    on: (
      type: 'captcha.solved' | 'captcha.cleared',
      handler: (event: never) => void,
    ) => { unsubscribe(): void };
  },
  host: CaptchaHost,
): () => void {
  const solved = captcha.on('captcha.solved', (event: { captchaToken: string }) =>
    host.send({ type: 'captcha.solved', captchaToken: event.captchaToken }),
  );
  const cleared = captcha.on('captcha.cleared', () => host.send({ type: 'captcha.cleared' }));
  return () => {
    solved.unsubscribe();
    cleared.unsubscribe();
  };
}
