// What an HTTP worker asks the engine process, and what it answers (issue 31 §1). One request names
// its operation; the answer carries the same id. `busy` means "refused by the machine's bound, try
// again"; any other error is the engine's failure of that one task.
import type { AnalyzeAnswer, AnalyzeTask } from '../services/verification/face/analysis';
import type { EncodedPuzzle } from '../security/captcha/puzzleImage';
import type { ReadTask } from '../services/documents/readDocument';
import type { ReadAnswer } from '../services/documents/readerWorker';

export interface EngineOps {
  /** A face check's images (frame and reference paths on this machine's disk). */
  face: { task: AnalyzeTask; answer: AnalyzeAnswer };
  /** Loads the face models in every engine thread. */
  faceWarm: { task: null; answer: null };
  /** One ready slider puzzle, encoded. */
  puzzle: { task: null; answer: EncodedPuzzle };
  /** Reads one document (its bytes travel in the message). */
  read: { task: ReadTask; answer: ReadAnswer };
  /** Starts a reader thread; answers the engine's name. */
  readWarm: { task: null; answer: string };
}
export type EngineOp = keyof EngineOps;

export interface EngineRequest<K extends EngineOp = EngineOp> {
  id: number;
  op: K;
  task: EngineOps[K]['task'];
}

export type EngineReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; busy: boolean; name: string; message: string };

/** The first message on a connection: who is calling (for the engine's log). */
export interface EngineHello {
  hello: { worker: string; pid: number };
}

export const ENGINE_SOCKET_ENV = 'PORTAL_ENGINE_SOCKET';
