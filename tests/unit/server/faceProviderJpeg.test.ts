// Issue 16 §1: a JPEG capture (what a phone camera produces) stopped Node. The built-in provider
// returned the JPEG reader's promise from inside try/finally without awaiting it, so the file was
// closed before the reads ran and the rejection had no handler. On the old code this test fails
// (EBADF: the verify call rejects, and the stray rejection is reported by the runner).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinFaceProvider } from '../../../src/server/services/verification/faceProvider';
import { jpeg } from '../../fixtures/files/samples';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'face-jpeg-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const provider = builtinFaceProvider({});
const consentAt = new Date('2026-01-01T00:00:00Z');

async function verifyJpeg(width: number, height: number) {
  const file = path.join(dir, `${width}x${height}.jpg`);
  await writeFile(file, jpeg({ width, height }));
  return provider.verify({
    sessionId: 's',
    consentAt,
    frames: [{ path: file, contentType: 'image/jpeg' }],
    source: 'camera',
    challenge: null,
    reference: null,
  });
}

describe('the built-in provider reads a JPEG capture to the end before closing it', () => {
  it('a camera-sized JPEG answers an outcome instead of rejecting', async () => {
    await expect(verifyJpeg(1280, 720)).resolves.toMatchObject({ outcome: 'verified' });
  });
  it('a small JPEG fails cleanly with its reason', async () => {
    await expect(verifyJpeg(40, 40)).resolves.toMatchObject({ outcome: 'failed', reason: 'imageTooSmall' });
  });
});
