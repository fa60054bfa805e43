// A multipart body is read only when a route reads it. When the answer comes first (401 before an
// upload, a refused part), the client is still sending and, unread, the connection hangs until a
// timeout. After such an answer the rest of the body is read and dropped, up to a bound; a client
// that keeps sending past it is cut off.
import type { FastifyRequest } from 'fastify';
import { Limits } from '../../contract/limits';

/** Room for one full upload plus its multipart framing: what an honest client sends at most. */
export const MAX_DRAIN_BYTES = Limits.upload.maxBytes + 1024 * 1024;

export async function drainUnreadBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  if (!String(request.headers['content-type'] ?? '').startsWith('multipart/')) return;
  // The answer is sent: whatever parser the body was piped to (busboy) has no reader any more and
  // would hold the stream paused through backpressure.
  raw.unpipe();
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MAX_DRAIN_BYTES) raw.socket.destroy();
  });
  raw.resume();
}
