// The engine channel's framing (issue 31 §1): each message is a 4-byte big-endian length and the
// message in V8's serialization (what worker threads use), so typed arrays — a puzzle's pixels, a
// document's bytes — cross as bytes, not as JSON arrays or base64.
import { deserialize, serialize } from 'node:v8';

/** A frame larger than this is a broken peer, not a message (documents are at most 10 MB). */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

export function encodeFrame(message: unknown): Buffer {
  const body = serialize(message);
  const head = Buffer.allocUnsafe(4);
  head.writeUInt32BE(body.length, 0);
  return Buffer.concat([head, body]);
}

/** Collects a stream's chunks and hands each whole message on; throws on an impossible length. */
export function frameReader(onMessage: (message: unknown) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 4) {
      const length = pending.readUInt32BE(0);
      if (length > MAX_FRAME_BYTES) throw new Error(`engine frame of ${length} bytes`);
      if (pending.length < 4 + length) return;
      const body = pending.subarray(4, 4 + length);
      pending = pending.subarray(4 + length);
      onMessage(deserialize(body));
    }
  };
}
