// The slider chart with its effects: the puzzle and the verdict come from the accounts API. Each
// puzzle's proof of work (issue 29 §1) starts as the puzzle loads, so it runs while the person
// drags or steps with the keys; the answer waits for its key only if it is not found yet.
import { fromPromise } from 'xstate';
import { captchaMachine, type VerifyInput, type VerifyOutcome } from '../../../../machines/captcha.machine';
import type { CaptchaChallenge } from '../../../contract/api/accounts';
import type { AccountsApi } from '../../api/accounts';
import { createPuzzleWork, type PuzzleWork } from './puzzleWork';

export function providedCaptchaMachine(
  accounts: Pick<AccountsApi, 'loadPuzzle' | 'verifyPuzzle'>,
  work: PuzzleWork = createPuzzleWork(),
) {
  return captchaMachine.provide({
    actors: {
      'load puzzle': fromPromise<CaptchaChallenge, void>(async () => {
        const challenge = await accounts.loadPuzzle();
        work.start(challenge.challengeId, challenge.work);
        return challenge;
      }),
      // A work that failed answers as a wrong answer would: the chart asks for a fresh puzzle.
      'verify answer': fromPromise<VerifyOutcome, VerifyInput>(async ({ input }) =>
        accounts.verifyPuzzle({ ...input, work: await work.keyFor(input.challengeId) }),
      ),
    },
  });
}

/** Anything that takes the slider's events: the login, registration and forgot-password actors. */
export interface CaptchaHost {
  send(event: { type: 'captcha.solved' } | { type: 'captcha.cleared' }): void;
}

/** Where the host keeps the slider's one-time token until a provided call spends it: outside every
 *  chart's context (issue 19 §5), so no snapshot, diagnostic or support replay carries it. */
export interface SliderToken {
  current: string | null;
}

/** Tells the flow that hosts the slider that it is solved (or no longer), and keeps the token in
 *  `token` for the flow's provided call; returns the unsubscriber. */
export function forwardCaptcha(
  captcha: {
    on: (
      type: 'captcha.solved' | 'captcha.cleared',
      handler: (event: never) => void,
    ) => { unsubscribe(): void };
  },
  host: CaptchaHost,
  token: SliderToken,
): () => void {
  const solved = captcha.on('captcha.solved', (event: { captchaToken: string }) => {
    token.current = event.captchaToken;
    host.send({ type: 'captcha.solved' });
  });
  const cleared = captcha.on('captcha.cleared', () => {
    token.current = null;
    host.send({ type: 'captcha.cleared' });
  });
  return () => {
    solved.unsubscribe();
    cleared.unsubscribe();
  };
}
