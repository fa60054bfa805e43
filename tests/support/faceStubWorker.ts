// A stand-in for the face engine's pool worker (src/server/services/verification/face/engineWorker.ts)
// for tests of the pool's bound: it answers nothing about faces, and holds its thread until a file
// named `release` appears beside the first frame, so a test decides when each check ends.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AnalyzeAnswer, AnalyzeTask } from '../../src/server/services/verification/face/analysis';

export default async function hold(task: AnalyzeTask): Promise<AnalyzeAnswer> {
  const first = task.paths[0];
  if (first) while (!existsSync(path.join(path.dirname(first), 'release'))) await sleep(10);
  return { images: task.paths.map(() => ({ ok: false, problem: 'notAnImage' })), engineVersion: 'stub' };
}
