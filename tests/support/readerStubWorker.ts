// A stand-in for the document reader's thread (src/server/services/documents/readerWorker.ts) for
// tests of the transport: it reads nothing, and answers how many bytes reached it and their sum, so
// a test can tell the document's bytes crossed whole.
import type { ReadTask } from '../../src/server/services/documents/readDocument';

export default function read(task: ReadTask | { warm: true }) {
  if ('warm' in task) return { engine: 'stub' };
  const bytes = task.bytes;
  let sum = 0;
  for (const byte of bytes) sum += byte;
  return { engine: 'stub', reading: { length: bytes.length, sum, kind: task.kind }, ms: 0, rss: 0 };
}
