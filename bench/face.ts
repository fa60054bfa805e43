// The face engine (issue 16 §8): the 'human' provider with the configured pool (FACE_WORKERS,
// FACE_QUEUE; defaults 1 and 4), on the test faces of tests/support/faces.ts.
//   - faceCheckP50Ms / faceCheckP95Ms: one capture (4 camera frames, the ID photo's face cached), one
//     at a time. Budget p95 ≤ 2 s.
//   - faceCheckCpuMs: CPU time per capture (all threads): its duration on an idle core, whatever
//     else the machine is doing.
//   - faceChecksPerMin and faceConcurrentP95Ms: 4 phones at once (the pool runs `workers` of them,
//     the rest wait in its bounded queue).
//   - faceEngineRssMb: what the pool adds to its process' resident memory once warm and used.
//   - faceWarmMs: starting the pool and loading the models.
//   - faceHostLoopP99Ms: event-loop delay of the process hosting the pool while checks run (the
//     engine works on its own threads, so this stays near idle).
//   - faceApiIdleP99Ms / faceApiP99Ms: the portal's authenticated read (bench/api.ts's route, 50
//     connections) without and with 4 phones checking at once. The portal runs in a child process
//     and the pool in this one: the figure shows whether the engine's CPU use starves the API on
//     this machine. Budget p99 ≤ 50 ms.
//   - faceFalseAccepts / faceFalseRejects / faceGreyBandPairs: every frame and variant of persons A,
//     B and C against every ID photo, at the configured threshold: another person at or above it,
//     the same person below it, and pairs of either kind inside the grey band (referred). Counts,
//     not rates: there are only three people — see docs/decisions/face.md "Face engine", face-rest.md.
//   - faceApcer_<species> / faceBpcer …: presentation attacks, bench/facePad.ts.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp, { type Sharp } from 'sharp';
import { AccountPaths } from '../src/contract/api/accounts';
import { loadConfig } from '../src/server/config';
import { referenceEmbedding, largestFace } from '../src/server/services/verification/face/decide';
import { createHumanFaceProvider, type HumanFaceProvider } from '../src/server/services/verification/face/humanProvider';
import { faceSimilarity } from '../src/server/services/verification/face/similarity';
import type { FaceVerificationInput } from '../src/server/services/verification/faceProvider';
import { facesFixture, type FacesFixture } from '../tests/support/faces';
import { measurePresentationAttacks } from './facePad';
import type { BenchFigure } from './benchFigure';
import { load } from './support/apiLoad';
import { createActiveApplicants, logIn } from './support/portalAccounts';
import { callJson, dataOf, EN_US_HEADERS, LoopbackAddresses } from './support/portalHttp';
import { rssOf, startBenchPortal } from './support/portalServer';
import { percentile } from './support/runnerStats';

const CHECK_P95_BUDGET_MS = 2000;
const API_P99_BUDGET_MS = 50;
const PHONES = 4;
const CONNECTIONS = 50;

function captureOf(faces: FacesFixture, frames: string[], n: number): FaceVerificationInput {
  return {
    sessionId: `bench-${n}`,
    consentAt: new Date(),
    frames: frames.map((p) => ({ path: p, contentType: 'image/jpeg' })),
    source: 'camera',
    challenge: null,
    reference: { path: faces.idPhoto, contentType: 'image/jpeg', fileId: 'bench-id-a' },
  };
}

async function timedCheck(provider: HumanFaceProvider, input: FaceVerificationInput): Promise<number> {
  const started = performance.now();
  const result = await provider.verify(input);
  if (result.outcome !== 'verified') throw new Error(`bench capture not verified: ${result.reason}`);
  return performance.now() - started;
}

/** Variants of a frontal frame a phone might send: light, blur, compression, distance, framing. */
async function variants(faces: FacesFixture, frame: string, prefix: string): Promise<string[]> {
  const recipes: [string, (s: Sharp) => Sharp][] = [
    ['darker', (s) => s.modulate({ brightness: 0.7 })],
    ['brighter', (s) => s.modulate({ brightness: 1.3 })],
    ['soft', (s) => s.blur(1.2)],
    ['jpeg40', (s) => s],
    ['farther', (s) => s.resize(360, 360).extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#777' })],
    ['shifted', (s) => s.extract({ left: 30, top: 10, width: 420, height: 420 }).resize(480, 480)],
  ];
  return Promise.all(
    recipes.map(async ([name, recipe]) => {
      const file = path.join(faces.dir, `${prefix}-${name}.jpg`);
      await recipe(sharp(frame))
        .jpeg({ quality: name === 'jpeg40' ? 40 : 85 })
        .toFile(file);
      return file;
    }),
  );
}

/** One identity of the accuracy pairs: their ID photo and the frames (head turn and variants). */
interface Person {
  idPhoto: string;
  frames: string[];
}

/** The identities of tests/support/faces.ts, each frame set widened by variants of its first frame. */
async function people(faces: FacesFixture): Promise<Person[]> {
  const sets: [string, string, string[]][] = [
    ['var-a', faces.idPhoto, faces.sameFrames],
    ['var-b', faces.otherIdPhoto, faces.otherPersonFrames],
    ['var-c', faces.thirdIdPhoto, faces.thirdPersonFrames],
  ];
  return Promise.all(
    sets.map(async ([prefix, idPhoto, frames]) => ({
      idPhoto,
      frames: [...frames, ...(await variants(faces, frames[0]!, prefix))],
    })),
  );
}

/**
 * Every frame against every ID photo: genuine pairs (the frame's own person) and impostor pairs
 * (everyone else). Counts at the threshold, and the grey band. Exported for a quick look without
 * the portal (.tmp probes, tests).
 */
export async function accuracy(provider: HumanFaceProvider, faces: FacesFixture, threshold: number, greyFrom: number) {
  const persons = await people(faces);
  const answer = await provider.pool.run({
    paths: [...persons.map((p) => p.idPhoto), ...persons.flatMap((p) => p.frames)],
  });
  const refs = answer.images.slice(0, persons.length).map((image) => referenceEmbedding(image));
  if (refs.some((r) => !r)) throw new Error('an ID photo of the bench has no face');
  let next = persons.length;
  const genuine: number[] = [];
  const impostor: number[] = [];
  persons.forEach((person, who) => {
    for (const image of answer.images.slice(next, next + person.frames.length)) {
      const embedding = image.ok ? largestFace(image.faces)?.embedding : undefined;
      if (!embedding) throw new Error('a bench frame has no face');
      refs.forEach((ref, id) => (id === who ? genuine : impostor).push(faceSimilarity(ref!, embedding)));
    }
    next += person.frames.length;
  });
  const inBand = (s: number) => s >= greyFrom && s < threshold;
  return {
    people: persons.length,
    pairs: genuine.length + impostor.length,
    genuinePairs: genuine.length,
    impostorPairs: impostor.length,
    falseAccepts: impostor.filter((s) => s >= threshold).length,
    falseRejects: genuine.filter((s) => s < threshold).length,
    greyBand: [...genuine, ...impostor].filter(inBand).length,
    lowestGenuine: Math.min(...genuine),
    highestImpostor: Math.max(...impostor),
  };
}

/** Runs PHONES checks at a time until stopped; answers every check's duration. */
function phonesAtOnce(provider: HumanFaceProvider, faces: FacesFixture) {
  let running = true;
  const durations: number[] = [];
  let n = 0;
  const phone = async () => {
    while (running) durations.push(await timedCheck(provider, captureOf(faces, faces.sameFrames, n++)));
  };
  const all = Promise.all(Array.from({ length: PHONES }, phone));
  return {
    durations,
    async stop() {
      running = false;
      await all;
    },
  };
}

async function apiP99(url: string, token: string, seconds: number): Promise<number> {
  const headers = { ...EN_US_HEADERS, authorization: `Bearer ${token}` };
  const route = `${url}/plat${AccountPaths.userInfo}`;
  await load(route, { connections: CONNECTIONS, seconds: 2, headers });
  return (await load(route, { connections: CONNECTIONS, seconds, headers })).p99Ms;
}

export async function measure(options: { quick: boolean }): Promise<BenchFigure[]> {
  const config = loadConfig(process.env).face;
  const faces = await facesFixture();
  const rssBefore = rssOf(process.pid);
  const provider = createHumanFaceProvider({ face: { ...config, queue: Math.max(config.queue, PHONES) } });
  try {
    const warmStarted = performance.now();
    await provider.warm();
    const warmMs = performance.now() - warmStarted;

    // One at a time (the first fills the reference cache and is not counted).
    const loop = monitorEventLoopDelay({ resolution: 10 });
    await timedCheck(provider, captureOf(faces, faces.sameFrames, 0));
    loop.enable();
    const cpuBefore = process.cpuUsage();
    const single: number[] = [];
    for (let i = 1; i <= (options.quick ? 3 : 15); i++) {
      single.push(await timedCheck(provider, captureOf(faces, faces.sameFrames, i)));
    }
    loop.disable();
    // CPU time of all this process' threads per check: what one check costs on an otherwise idle core.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMsPerCheck = (cpu.user + cpu.system) / 1000 / single.length;

    // Four phones at once.
    const burst = phonesAtOnce(provider, faces);
    const burstStarted = performance.now();
    await new Promise((resolve) => setTimeout(resolve, options.quick ? 8_000 : 30_000));
    await burst.stop();
    const burstMinutes = (performance.now() - burstStarted) / 60_000;
    const rssAfter = rssOf(process.pid);

    const accurate = await accuracy(provider, faces, config.matchThreshold, config.greyBandFrom);
    // Presentation attacks (issue 28): APCER per species, BPCER, on the 3D and attack sets.
    const pad = await measurePresentationAttacks(options);

    // The API beside the engine.
    const portal = await startBenchPortal();
    let idleP99: number;
    let busyP99: number;
    let checksDuringApi: number;
    try {
      const [account] = await createActiveApplicants(portal, 1);
      const { token } = await logIn(portal, account!, new LoopbackAddresses().take());
      dataOf(await callJson(portal.url, 'GET', AccountPaths.userInfo, { token }), 'user info');
      const seconds = options.quick ? 3 : 10;
      idleP99 = await apiP99(portal.url, token, seconds);
      const phones = phonesAtOnce(provider, faces);
      try {
        busyP99 = await apiP99(portal.url, token, seconds);
      } finally {
        await phones.stop();
      }
      checksDuringApi = phones.durations.length;
    } finally {
      await portal.close();
    }
    if (checksDuringApi === 0) throw new Error('no face check finished while the API was measured');

    return [
      { name: 'faceWarmMs', value: warmMs, unit: 'ms' },
      { name: 'faceCheckP50Ms', value: percentile(single, 50), unit: 'ms' },
      { name: 'faceCheckP95Ms', value: percentile(single, 95), unit: 'ms', budget: { max: CHECK_P95_BUDGET_MS } },
      { name: 'faceCheckCpuMs', value: cpuMsPerCheck, unit: 'ms' },
      { name: 'faceChecksPerMin', value: burst.durations.length / burstMinutes, unit: 'checks/min' },
      { name: 'faceConcurrentP95Ms', value: percentile(burst.durations, 95), unit: 'ms' },
      { name: 'faceEngineRssMb', value: (rssAfter - rssBefore) / 2 ** 20, unit: 'MB' },
      { name: 'faceHostLoopP99Ms', value: loop.percentile(99) / 1e6, unit: 'ms' },
      { name: 'faceApiIdleP99Ms', value: idleP99, unit: 'ms' },
      { name: 'faceApiP99Ms', value: busyP99, unit: 'ms', budget: { max: API_P99_BUDGET_MS } },
      { name: 'faceAccuracyPeople', value: accurate.people, unit: 'people' },
      { name: 'faceAccuracyPairs', value: accurate.pairs, unit: 'pairs' },
      { name: 'faceGenuinePairs', value: accurate.genuinePairs, unit: 'pairs' },
      { name: 'faceImpostorPairs', value: accurate.impostorPairs, unit: 'pairs' },
      { name: 'faceFalseAccepts', value: accurate.falseAccepts, unit: 'pairs', budget: { max: 0 } },
      { name: 'faceFalseRejects', value: accurate.falseRejects, unit: 'pairs' },
      { name: 'faceGreyBandPairs', value: accurate.greyBand, unit: 'pairs' },
      { name: 'faceLowestGenuineScore', value: accurate.lowestGenuine, unit: 'similarity' },
      { name: 'faceHighestImpostorScore', value: accurate.highestImpostor, unit: 'similarity' },
      ...pad,
    ];
  } finally {
    await provider.close();
    await rm(faces.dir, { recursive: true, force: true });
  }
}
