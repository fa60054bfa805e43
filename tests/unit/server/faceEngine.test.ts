// The 'human' face provider on real pictures (issue 16 §2, §7): each quality reason, the match to the
// ID photo, the motion challenge and the reference cache, through the real worker pool and models.
// The pictures come from Debian packages at test time (tests/support/faces.ts).
import { copyFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FaceImageRef,
  FaceVerificationInput,
} from '../../../src/server/services/verification/faceProvider';
import {
  createHumanFaceProvider,
  type HumanFaceProvider,
} from '../../../src/server/services/verification/face/humanProvider';
import { largestFace, referenceEmbedding } from '../../../src/server/services/verification/face/decide';
import { DEFAULT_FACE_ENGINE_CONFIG } from '../../../src/server/services/verification/face/engineConfig';
import { faceSimilarity } from '../../../src/server/services/verification/face/similarity';
import { facesFixture, type FacesFixture } from '../../support/faces';

let faces: FacesFixture;
let provider: HumanFaceProvider;

beforeAll(async () => {
  faces = await facesFixture();
  provider = createHumanFaceProvider({ face: { workers: 1, queue: 8 } });
  await provider.warm();
}, 180_000);
afterAll(() => provider.close());

const jpeg = (p: string): FaceImageRef => ({
  path: p,
  contentType: p.endsWith('.png') ? 'image/png' : 'image/jpeg',
});
let ids = 0;
function input(frames: string[], extra: Partial<FaceVerificationInput> = {}): FaceVerificationInput {
  ids++;
  return {
    sessionId: `s${ids}`,
    consentAt: new Date('2026-11-25T10:00:00Z'),
    frames: frames.map(jpeg),
    source: 'camera',
    challenge: null,
    reference: { ...jpeg(faces.idPhoto), fileId: 'id-a' },
    ...extra,
  };
}

describe('the human provider', { timeout: 120_000 }, () => {
  it('verifies the person on the ID turning their head, with score, liveness and engine', async () => {
    const result = await provider.verify(input(faces.sameFrames));
    expect(result).toMatchObject({ outcome: 'verified', engine: { name: 'human', version: '3.3.6' } });
    expect(result.score).toBeGreaterThanOrEqual(0.6);
    expect(result.liveness).toMatchObject({ passed: true, frames: faces.sameFrames.length });
  });

  it('fails another person with noMatch, and with a score below the grey band', async () => {
    const result = await provider.verify(input(faces.otherPersonFrames));
    expect(result).toMatchObject({ outcome: 'failed', reason: 'noMatch' });
    expect(result.score).toBeLessThan(0.45);
  });

  it('fails a still photo shown repeatedly (no head-pose change) with noLiveness', async () => {
    const result = await provider.verify(input(faces.photoRepeatFrames));
    expect(result).toMatchObject({ outcome: 'failed', reason: 'noLiveness', liveness: { passed: false } });
    expect(result.score).toBeGreaterThanOrEqual(0.6); // it is the right person: only the motion is missing
  });

  it('three people: every frame matches its own ID photo and no other (a third identity, C)', async () => {
    // Descriptor level, at the configured threshold: C's picture is a profile, so as a capture it
    // stops at notFrontal before any match; as a person it widens the impostor pairs (bench/face.ts
    // counts the same pairs with variants).
    const people = [
      { id: faces.idPhoto, frames: faces.sameFrames },
      { id: faces.otherIdPhoto, frames: faces.otherPersonFrames },
      { id: faces.thirdIdPhoto, frames: faces.thirdPersonFrames },
    ];
    const answer = await provider.pool.run({
      paths: [...people.map((p) => p.id), ...people.flatMap((p) => p.frames)],
    });
    const refs = answer.images.slice(0, people.length).map((image) => referenceEmbedding(image));
    expect(refs.every((r) => r !== null)).toBe(true);
    const { matchThreshold, greyBandFrom } = DEFAULT_FACE_ENGINE_CONFIG;
    const falseAccepts: string[] = [];
    const falseRejects: string[] = [];
    const inGreyBand: string[] = [];
    let next = people.length;
    people.forEach((person, who) => {
      person.frames.forEach((_frame, f) => {
        const image = answer.images[next + f]!;
        const embedding = image.ok ? largestFace(image.faces)?.embedding : undefined;
        expect(embedding, `person ${who} frame ${f} has a face`).toBeDefined();
        refs.forEach((ref, id) => {
          const score = faceSimilarity(ref!, embedding!);
          const pair = `frame ${who}.${f} vs ID ${id}: ${score.toFixed(3)}`;
          if (id === who && score < matchThreshold) falseRejects.push(pair);
          if (id !== who && score >= matchThreshold) falseAccepts.push(pair);
          if (score >= greyBandFrom && score < matchThreshold) inGreyBand.push(pair);
        });
      });
      next += person.frames.length;
    });
    expect({ falseAccepts, falseRejects, inGreyBand }).toEqual({
      falseAccepts: [],
      falseRejects: [],
      inGreyBand: [],
    });
  });

  it('fails a sequence where the person changes mid-challenge', async () => {
    const swapped = [...faces.sameFrames.slice(0, 2), faces.otherPersonFrames[2]!, faces.sameFrames[3]!];
    expect(await provider.verify(input(swapped))).toMatchObject({ outcome: 'failed', reason: 'noMatch' });
  });

  it.each([
    ['noFace', () => faces.noFace],
    ['multipleFaces', () => faces.twoFaces],
    ['faceTooSmall', () => faces.tooSmall],
    ['faceCutOff', () => faces.cutOff],
    ['tooDark', () => faces.dark],
    ['blurred', () => faces.blurred],
    ['notFrontal', () => faces.notFrontal],
  ] as const)('a first frame with %s fails with that reason', async (reason, frame) => {
    const result = await provider.verify(input([frame()]));
    expect(result).toMatchObject({ outcome: 'failed', reason });
  });

  it('refers: no reference, an ID without a face, the file fallback', async () => {
    expect(await provider.verify(input(faces.sameFrames, { reference: null }))).toMatchObject({
      outcome: 'referred',
      reason: 'noReference',
    });
    expect(
      await provider.verify(
        input(faces.sameFrames, { reference: { ...jpeg(faces.idWithoutFace), fileId: 'id-none' } }),
      ),
    ).toMatchObject({ outcome: 'referred', reason: 'referenceHasNoFace' });
    const file = await provider.verify(input([faces.frontal], { source: 'file' }));
    expect(file).toMatchObject({ outcome: 'referred', reason: 'fileFallback' });
    expect(file.score).toBeGreaterThanOrEqual(0.6);
    expect(file.liveness).toBeUndefined();
  });

  it('a PNG frame works as well as a JPEG', async () => {
    const frames = [faces.frontalPng, ...faces.sameFrames.slice(1)];
    expect(await provider.verify(input(frames))).toMatchObject({ outcome: 'verified' });
  });

  it('analyses an ID photo once: a second check compares with the cached face, not the file', async () => {
    const copy = path.join(faces.dir, 'id-cached.jpg');
    await copyFile(faces.idPhoto, copy);
    const reference = { ...jpeg(copy), fileId: 'id-cached' };
    expect(await provider.verify(input(faces.sameFrames, { reference }))).toMatchObject({
      outcome: 'verified',
    });
    expect(provider.references.has('id-cached')).toBe(true);
    await rm(copy); // the worker would now answer notAnImage for it: only the cache can still match
    expect(await provider.verify(input(faces.sameFrames, { reference }))).toMatchObject({
      outcome: 'verified',
    });
  });

  it('precheck: no consent, not an image, too small — before the engine runs', async () => {
    expect(await provider.verify(input(faces.sameFrames, { consentAt: null }))).toMatchObject({
      outcome: 'failed',
      reason: 'consentMissing',
    });
    expect(
      await provider.verify(input([], { frames: [{ path: faces.frontal, contentType: 'application/pdf' }] })),
    ).toMatchObject({ reason: 'notAnImage' });
  });

  it('logs no face data: nothing written while checking, and the result carries no embedding', async () => {
    const written: string[] = [];
    const streams = [process.stdout, process.stderr] as const;
    const originals = streams.map((stream) => stream.write.bind(stream));
    streams.forEach((stream) => {
      stream.write = ((chunk: string | Uint8Array) => {
        written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('latin1'));
        return true;
      }) as typeof stream.write;
    });
    let results: unknown[];
    try {
      results = [
        await provider.verify(
          input(faces.sameFrames, { reference: { ...jpeg(faces.otherIdPhoto), fileId: 'log-b' } }),
        ),
        await provider.verify(input([faces.noFace, faces.sameFrames[1]!])),
      ];
      // Worker output reaches the main thread asynchronously: give it a moment to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      streams.forEach((stream, i) => (stream.write = originals[i]!));
    }
    const everything = written.join('') + JSON.stringify(results);
    expect(everything).not.toMatch(/(-?\d+\.\d+\s*,\s*){16}/); // a run of numbers: an embedding
    expect(everything).not.toMatch(/embedding|descriptor/i);
    expect(everything).not.toContain('/9j/'); // a JPEG in base64
    expect(everything).not.toContain('\xff\xd8\xff'); // a JPEG's own bytes
    // Figures and their thresholds only (the attack evidence, with the texture plane fit's points,
    // the mesh figure and the screen lattice's peak since session 12): far below one embedding's
    // 1024 numbers as JSON (about 20 000 characters).
    expect(JSON.stringify(results).length).toBeLessThan(1500);
  });
});
