// Starts each puzzle's proof of work the moment the puzzle arrives and hands its key to the answer
// (issue 29 §1). One worker per puzzle, ended when its key is out or the puzzle is replaced; the
// mouse and the keyboard paths wait for the same key. Without Web Workers (the component tests'
// jsdom) the same solver runs on the page.
import type { CaptchaWork } from '../../../contract/api/accounts';
import type { WorkReply } from './workWorker';

export interface PuzzleWork {
  /** Begins the work of `challengeId` (and stops any older puzzle's). */
  start(challengeId: string, work: CaptchaWork): void;
  /** The key of `challengeId`'s work, as soon as it is found. */
  keyFor(challengeId: string): Promise<string>;
  stop(): void;
}

function solveInWorker(work: CaptchaWork): { key: Promise<string>; stop: () => void } {
  const worker = new Worker(new URL('./workWorker.ts', import.meta.url), { type: 'module' });
  const key = new Promise<string>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkReply>) => {
      worker.terminate();
      if ('derivedKey' in event.data) resolve(event.data.derivedKey);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'the work worker failed'));
    };
  });
  worker.postMessage(work);
  return { key, stop: () => worker.terminate() };
}

async function solveOnPage(work: CaptchaWork): Promise<string> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/pbkdf2'),
  ]);
  const solution = await solveChallenge({ challenge: work, deriveKey, timeout: 0 });
  if (!solution) throw new Error('no solution');
  return solution.derivedKey;
}

export function createPuzzleWork(): PuzzleWork {
  let current: { challengeId: string; key: Promise<string>; stop: () => void } | null = null;
  return {
    start(challengeId, work) {
      current?.stop();
      const solving =
        typeof Worker === 'undefined'
          ? { key: solveOnPage(work), stop: () => undefined }
          : solveInWorker(work);
      // Read by keyFor, or by nobody if the puzzle is replaced: not an unhandled rejection then.
      solving.key.catch(() => undefined);
      current = { challengeId, ...solving };
    },
    keyFor(challengeId) {
      if (current?.challengeId !== challengeId) return Promise.reject(new Error('no work for this puzzle'));
      return current.key;
    },
    stop() {
      current?.stop();
      current = null;
    },
  };
}
