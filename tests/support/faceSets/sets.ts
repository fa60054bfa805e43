// The face presentation-attack test material (issue 28): a genuine set of 3D heads and an attack
// set of flat pictures, screens, stills and other people, rendered to JPEG frames as the phone
// sends them. Made at test time from the public-domain portraits of ../faces.ts and kept under the
// system temp folder, keyed by a hash of this generator's own source, the portraits and the options:
// a second call (or process) with the same key reads the manifest instead of rendering again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FACE_SOURCES } from '../faces';
import { between, seeded, type Pose } from './geometry';
import { headModel } from './head';
import { writeJpeg } from './image';
import { sourceVersion } from './mesh';
import {
  frameTimes,
  motionStyle,
  movementMoves,
  MOVEMENTS,
  phoneFrameTimes,
  SET_CHALLENGES,
  type Movement,
} from './motion';
import type { FaceChallenge } from '../../../src/contract/api/verification';
import { CHALLENGE_FRAMES, challengeTimeline } from '../../../src/web/features/identity/cameraActor';
import { drawOtherPicture } from './otherPicture';
import { drawFlicker, type ScreenFlicker } from './flicker';
import { heldOutPlans } from './heldOut';
import { screenSetPlans } from './screenSets';
import {
  headRecipe,
  idPhotoOf,
  lightingOf,
  PERSONS,
  renderRecipe,
  type HeadRecipe,
  type Person,
  type PlaneRecipe,
  type Recipe,
} from './captures';

export type AttackSpecies =
  'flatPhoto' | 'idPortraitPrint' | 'screenReplay' | 'stillPhoto' | 'otherPerson' | 'loopedTurn';
export const ATTACK_SPECIES: readonly AttackSpecies[] = [
  'flatPhoto',
  'idPortraitPrint',
  'screenReplay',
  'stillPhoto',
  'otherPerson',
  'loopedTurn',
];

/** One capture: the frames the phone would send and the ID photo they are to be compared with. */
export interface FaceCapture {
  /** Stable name, e.g. 'genuine-personA-leftThenRight-0'. */
  id: string;
  set: 'genuine' | 'attack';
  species: 'genuine' | AttackSpecies;
  /** The claimed person: whose ID card `idPhoto` is. */
  person: Person;
  /** Whose face the frames show (differs from `person` for 'otherPerson' only). */
  shows: Person;
  /** The movement the capture performs: the server's challenge it obeys, or a plain 'turn'. */
  challenge: Movement;
  /** JPEG files (absolute paths), first frame frontal: 7 on the phone's timeline for a three-move
   *  challenge, 5 or 6 evenly for older material. */
  frames: string[];
  /** The ID card image (JPEG, 856×540) the capture is compared with. */
  idPhoto: string;
  note: string;
  /** Per frame: the pose of the face shown, in degrees (yaw > 0 = the person's own left, pitch > 0
   *  = up), relative to the portrait's own pose: the head's (live heads, and the recording a
   *  screen plays) or the held picture's (prints, cards, stills). */
  poses: Pose[];
  /** The yaw of the head in the portrait itself (degrees, from its mesh): poses are relative to it.
   *  personC's only photograph is a three-quarter view (about 40°): no frame of C is frontal. */
  portraitYawDeg: number;
  /** Per frame: where the renderer put the 468 face-mesh points (frame pixels). */
  landmarks: [number, number][][];
  /** The movement time (0..1) of each frame. */
  times: number[];
  /** Everything needed to render this capture again (captureVideo). */
  recipe: Recipe;
  /** Seed of the frames' sensor noise. */
  seed: number;
}

export interface FaceSets {
  dir: string;
  captures: FaceCapture[];
  /** Each person's ID card (the same card for every capture claiming that person). */
  idPhotos: Record<Person, string>;
}

export interface FaceSetOptions {
  /** One genuine capture and one per attack species (for tests); the full set otherwise (bench). */
  quick?: boolean;
  /** The people in the set (default all three; every capture shows and claims only these). C's
   *  only photograph is a three-quarter view: a bench may leave it out. */
  persons?: readonly Person[];
  /** Changes every variation (default 28). */
  seed?: number;
  /** Where to keep the material (default: a folder per key under the system temp folder). */
  dir?: string;
  /** Only the held-out flat attacks (heldOut.ts): material no threshold was chosen on. */
  heldOut?: boolean;
  /** Only the screen check's material (screenSets.ts): held-out screens, and genuine heads that
   *  are hard for it. */
  screens?: boolean;
}

/** Bumped by hand only when output changes without this folder's source changing (it rarely does). */
const GENERATOR_VERSION = 1;
const here = path.dirname(fileURLToPath(import.meta.url));

/** The cache key: this generator's source, faces.ts, the portraits' versions and the options. */
export function faceSetsKey(options: FaceSetOptions = {}): string {
  const hash = createHash('sha256');
  hash.update(
    `v${GENERATOR_VERSION}|${options.quick ? 'quick' : 'full'}|${options.seed ?? 28}|${(options.persons ?? PERSONS).join(',')}${options.heldOut ? '|heldOut' : ''}${options.screens ? '|screens' : ''}`,
  );
  for (const file of readdirSync(here)
    .filter((f) => f.endsWith('.ts'))
    .sort())
    hash.update(readFileSync(path.join(here, file)));
  hash.update(readFileSync(path.join(here, '..', 'faces.ts')));
  // The phone's timeline: the three-move frames are taken on it.
  hash.update(
    readFileSync(path.join(here, '..', '..', '..', 'src', 'web', 'features', 'identity', 'cameraActor.ts')),
  );
  for (const source of Object.values(FACE_SOURCES)) hash.update(sourceVersion(source));
  return hash.digest('hex').slice(0, 16);
}

const made = new Map<string, Promise<FaceSets>>();

/** The sets, made once per key (memoised in the process, cached on disk across processes). */
export function faceSets(options: FaceSetOptions = {}): Promise<FaceSets> {
  const key = faceSetsKey(options);
  const dir = options.dir ?? path.join(tmpdir(), `face-sets-${key}`);
  let found = made.get(dir);
  if (!found) {
    found = loadOrMake(dir, options);
    made.set(dir, found);
  }
  return found;
}

interface Manifest {
  key: string;
  idPhotos: Record<Person, string>;
  captures: FaceCapture[];
}

function resolved(dir: string, m: Manifest): FaceSets {
  return {
    dir,
    idPhotos: Object.fromEntries(
      Object.entries(m.idPhotos).map(([p, f]) => [p, path.join(dir, f)]),
    ) as Record<Person, string>,
    captures: m.captures.map((c) => ({
      ...c,
      frames: c.frames.map((f) => path.join(dir, f)),
      idPhoto: path.join(dir, c.idPhoto),
    })),
  };
}

async function loadOrMake(dir: string, options: FaceSetOptions): Promise<FaceSets> {
  const manifestFile = path.join(dir, 'manifest.json');
  if (existsSync(manifestFile))
    return resolved(dir, JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest);
  for (const source of Object.values(FACE_SOURCES))
    if (!existsSync(source))
      throw new Error(`face set source missing: ${source} (see tests/support/faces.ts)`);
  // Made aside and renamed into place: a parallel process never sees half a set.
  const part = `${dir}.part-${process.pid}-${Date.now()}`;
  await mkdir(part, { recursive: true });
  const manifest = await make(part, options);
  await writeFile(path.join(part, 'manifest.json'), JSON.stringify(manifest));
  try {
    await rename(part, dir);
  } catch {
    // Another process finished first: use theirs.
    await rm(part, { recursive: true, force: true });
  }
  return resolved(dir, JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest);
}

/** A number from a string, for per-capture seeds. */
function hashSeed(text: string, seed: number): number {
  return createHash('sha256').update(`${seed}:${text}`).digest().readUInt32LE(0);
}

async function makeIdPhoto(dir: string, person: Person): Promise<string> {
  const file = `id-${person}.jpg`;
  await writeFile(path.join(dir, file), (await idPhotoOf(person)).jpeg);
  return file;
}

interface Plan {
  id: string;
  set: FaceCapture['set'];
  species: FaceCapture['species'];
  person: Person;
  shows: Person;
  challenge: Movement;
  frameCount: number;
  recipe: Recipe;
  note: string;
  /** The frames' JPEG quality (default 85, the phone's). */
  quality?: number;
  /** The movement time of each frame, when not the phone's timeline (a looping recording). */
  times?: number[];
}

const CHALLENGES: readonly Movement[] = MOVEMENTS.filter((m) => m !== 'turn');

function planeBase(random: () => number, movement: Movement): Omit<PlaneRecipe, 'content'> {
  const sizes = [
    { width: 640, height: 480 },
    { width: 480, height: 640 },
  ];
  const size = sizes[Math.floor(random() * sizes.length)]!;
  return {
    kind: 'plane',
    movement,
    style: motionStyle(random, { minDeg: 15, maxDeg: 35 }),
    follow: between(random, 0.8, 1.2),
    basePose: {
      yawDeg: between(random, -4, 4),
      pitchDeg: between(random, -4, 4),
      rollDeg: between(random, -6, 6),
    },
    faceShare: between(random, 0.2, 0.3),
    offsetCm: [between(random, -1.5, 1.5), between(random, -1.5, 1.5)],
    zoom: between(random, -0.12, 0.12),
    hfovDeg: between(random, 58, 72),
    background: { seed: Math.floor(random() * 1e9), kind: random() < 0.5 ? 'room' : 'wall' },
    brightness: between(random, 0.85, 1.1),
    lambert: between(random, 0.3, 0.7),
    width: size.width,
    height: size.height,
    shake: between(random, 0.4, 1.2),
    shakePhase: between(random, 0, 6.28),
    noise: between(random, 1, 3),
  };
}

/** A main-set screen's pulses (flicker.ts, session 13): its own random stream, so the screen's
 *  other draws stay as they were. A third of displays dim by current and do not pulse. */
function screenFlicker(random: () => number): { flicker?: ScreenFlicker } {
  const flicker = drawFlicker(random, {
    hz: [200, 500],
    duty: [0.2, 0.9],
    dcShare: 0.3,
    readoutMs: [12, 33],
  });
  return flicker ? { flicker } : {};
}

function plans(seed: number, quick: boolean, people: readonly Person[]): Plan[] {
  const out: Plan[] = [];
  const rnd = (id: string) => seeded(hashSeed(id, seed));
  // A live head, or a recording of one, is another photograph of the person than the one the ID
  // portrait is rendered from (otherPicture.ts): a live person is never the ID photo's pixels, and
  // the ID-reuse rule must not be what refuses a genuine capture or a screen (session 13: one
  // genuine capture was refused that way while heads were textured with the ID's own picture).
  const liveHead = (...[shows, movement, random, id, frame]: [Person, Movement, () => number, string, { width: number; height: number }?]) => ({
    ...headRecipe(shows, movement, random, frame),
    otherPicture: drawOtherPicture(rnd(`${id}-picture`)),
  }); // prettier-ignore
  // The phone's frames (cameraActor.ts CHALLENGE_FRAMES): make() takes them on its timeline.
  const count = (_random: () => number) => CHALLENGE_FRAMES;
  const persons = quick ? people.slice(0, 1) : [...people];
  const [first, second, third] = SET_CHALLENGES as [FaceChallenge, FaceChallenge, FaceChallenge];

  // Genuine: every person, every movement, two variations.
  for (const person of persons)
    for (const movement of quick ? [first] : MOVEMENTS)
      for (let v = 0; v < (quick ? 1 : 2); v++) {
        const id = `genuine-${person}-${movement}-${v}`;
        const random = rnd(id);
        out.push({
          id,
          set: 'genuine',
          species: 'genuine',
          person,
          shows: person,
          challenge: movement,
          frameCount: count(random),
          recipe: liveHead(person, movement, random, id),
          note: 'a 3D head moving as asked',
        });
      }

  for (const person of persons) {
    const others = people.filter((p) => p !== person);
    // A print of the portrait, turned and tilted as the challenge asks.
    for (const movement of quick ? [first] : MOVEMENTS) {
      const id = `flatPhoto-${person}-${movement}`;
      const random = rnd(id);
      const base = planeBase(random, movement);
      out.push({
        id, set: 'attack', species: 'flatPhoto', person, shows: person, challenge: movement, frameCount: count(random),
        recipe: { ...base, content: { type: 'print', shows: person, widthCm: between(random, 12, 24), glare: random() < 0.4 ? between(random, 0.2, 0.5) : 0 } },
        note: 'the portrait printed, held in the fingers, turned as the challenge asks',
      }); // prettier-ignore
    }
    // The ID card's own portrait, printed small and pale, turned as the challenge asks (or the
    // whole card held up, for the plain turn).
    for (const movement of quick ? [third] : MOVEMENTS) {
      const id = `idPortraitPrint-${person}-${movement}`;
      const random = rnd(id);
      const wholeCard = movement === 'turn';
      out.push({
        id, set: 'attack', species: 'idPortraitPrint', person, shows: person, challenge: movement, frameCount: count(random),
        recipe: {
          ...planeBase(random, movement),
          content: {
            type: 'idPortrait', shows: person,
            pixels: Math.round(between(random, 100, 150)), saturation: between(random, 0.5, 0.8), blur: between(random, 0.5, 1.1),
            quality: Math.round(between(random, 40, 60)), widthCm: between(random, 8, 16), wholeCard,
          },
        },
        note: wholeCard ? 'the ID card itself held to the camera and turned' : 'the ID card portrait, printed small, desaturated and compressed, turned as the challenge asks',
      }); // prettier-ignore
    }
    // A screen playing a recording of this person doing the asked movement.
    for (const movement of quick ? [second] : CHALLENGES) {
      const id = `screenReplay-${person}-${movement}`;
      const random = rnd(id);
      const recording = liveHead(person, movement, random, id, { width: 480, height: 360 });
      recording.noise = 0;
      const base = planeBase(random, movement);
      out.push({
        id, set: 'attack', species: 'screenReplay', person, shows: person, challenge: movement, frameCount: count(random),
        recipe: {
          ...base,
          // The screen is held tilted and fairly still: the recording does the moving.
          follow: between(random, 0, 0.2),
          basePose: { yawDeg: between(random, -20, 20), pitchDeg: between(random, -15, 15), rollDeg: between(random, -5, 5) },
          lambert: 0,
          brightness: between(random, 0.8, 1),
          // Held close enough that the face on it is face-sized: else the engine sees no face at all.
          faceShare: between(random, 0.24, 0.32),
          content: { type: 'screen', recording, widthCm: between(random, 12, 34), glare: random() < 0.6 ? between(random, 0.1, 0.35) : 0, gap: between(random, 0.3, 0.6), ...screenFlicker(rnd(`${id}-flicker`)) },
        },
        note: 'a phone or monitor screen, tilted, playing a recording of the person doing the asked movement',
      }); // prettier-ignore
    }
    // One frame of the person, repeated with a tiny jitter.
    for (let v = 0; v < (quick ? 1 : 2); v++) {
      const movement: Movement = CHALLENGES[(v + PERSONS.indexOf(person)) % CHALLENGES.length]!;
      const id = `stillPhoto-${person}-${v}`;
      const random = rnd(id);
      const frame = headRecipe(person, movement, random);
      frame.noise = 0;
      frame.shake = 0;
      const base = planeBase(random, movement);
      out.push({
        id, set: 'attack', species: 'stillPhoto', person, shows: person, challenge: movement, frameCount: count(random),
        recipe: { ...base, width: frame.width, height: frame.height, follow: 0, basePose: { yawDeg: 0, pitchDeg: 0, rollDeg: between(random, -0.5, 0.5) }, zoom: between(random, -0.02, 0.02), shake: between(random, 0.2, 0.6), content: { type: 'still', frame } },
        note: 'one frontal frame of the person, repeated with a tiny jitter',
      }); // prettier-ignore
    }
    // Another person's live head, against this person's ID card.
    for (const [k, other] of (quick ? others.slice(0, 1) : others).entries()) {
      const movement: Movement = CHALLENGES[(k + 2 * PERSONS.indexOf(person)) % CHALLENGES.length]!;
      const id = `otherPerson-${person}-${other}`;
      const random = rnd(id);
      out.push({ id, set: 'attack', species: 'otherPerson', person, shows: other, challenge: movement, frameCount: count(random), recipe: liveHead(other, movement, random, id), note: `${other}'s 3D head doing the asked movement, against ${person}'s ID card` }); // prettier-ignore
    }
    // A virtual camera (or a screen filling the view) looping a recording of an ordinary genuine
    // turn, a nod or a one-sided turn, whatever the server asks: the attacker's best case starts
    // each loop frontal as the phone's first frame is taken, and the recording (2.5–4.5 s) wraps
    // during the capture. The bench holds each against every challenge (bench/facePad.ts).
    const recorded: readonly Movement[] = ['leftThenRight', 'rightThenLeft', 'downThenUp', 'turn'];
    for (const movement of quick ? recorded.slice(0, 1) : recorded)
      for (let v = 0; v < (quick ? 1 : 2); v++) {
        const id = `loopedTurn-${person}-${movement}-${v}`;
        const random = rnd(id);
        const recipe = liveHead(person, movement, random, id);
        const periodMs = between(random, 2500, 4500);
        const startsAt = between(random, 0, 0.06);
        const timeline = challengeTimeline(3);
        const times = [0, ...timeline.moves.flatMap((m) => m.framesAtMs)].map(
          (ms) => (startsAt + ms / periodMs) % 1,
        );
        out.push({ id, set: 'attack', species: 'loopedTurn', person, shows: person, challenge: movement, frameCount: times.length, recipe, times, note: `a virtual camera looping a recording of an ordinary genuine ${movement} (${Math.round(periodMs)} ms), against any challenge` }); // prettier-ignore
      }
  }
  return out;
}

/** The held-out flat attacks (heldOut.ts) as plans: attacks of the flat-photo species. */
function heldOutAsPlans(seed: number, persons: readonly Person[]): Plan[] {
  return heldOutPlans(persons, {
    rnd: (id) => seeded(hashSeed(id, seed)),
    count: (random) => (random() < 0.5 ? 5 : 6),
    planeBase,
  }).map((p) => ({ ...p, set: 'attack', species: 'flatPhoto', shows: p.person }));
}

/** The screen check's material (screenSets.ts) as plans. */
function screenAsPlans(seed: number, persons: readonly Person[]): Plan[] {
  return screenSetPlans(persons, {
    rnd: (id) => seeded(hashSeed(id, seed)),
    count: (random) => (random() < 0.5 ? 5 : 6),
    planeBase,
    headRecipe,
  }).map((p) => ({ ...p, set: p.species === 'genuine' ? 'genuine' : 'attack', shows: p.person }));
}

async function make(dir: string, options: FaceSetOptions): Promise<Manifest> {
  const seed = options.seed ?? 28;
  const ids = {} as Record<Person, string>;
  for (const person of PERSONS) ids[person] = await makeIdPhoto(dir, person);
  const captures: FaceCapture[] = [];
  for (const plan of options.heldOut
    ? heldOutAsPlans(seed, options.persons ?? PERSONS)
    : options.screens
      ? screenAsPlans(seed, options.persons ?? PERSONS)
      : plans(seed, options.quick ?? false, options.persons ?? PERSONS)) {
    await mkdir(path.join(dir, plan.id), { recursive: true });
    const timesRandom = seeded(hashSeed(`${plan.id}:times`, seed));
    const moves = movementMoves(plan.challenge);
    const times =
      plan.times ??
      (moves?.length === 3 && plan.frameCount === CHALLENGE_FRAMES
        ? phoneFrameTimes(moves.length, timesRandom)
        : frameTimes(plan.frameCount, timesRandom));
    const frameSeed = hashSeed(`${plan.id}:noise`, seed);
    const frames: string[] = [];
    const poses: Pose[] = [];
    const landmarks: [number, number][][] = [];
    for (const [i, t] of times.entries()) {
      const shot = await renderRecipe(plan.recipe, t, frameSeed + i);
      const file = path.join(plan.id, `frame-${i}.jpg`);
      await writeJpeg(path.join(dir, file), shot.picture, plan.quality ?? 85);
      frames.push(file);
      poses.push(shot.pose);
      landmarks.push(
        shot.landmarks.map(([x, y]): [number, number] => [
          Math.round(x * 100) / 100,
          Math.round(y * 100) / 100,
        ]),
      );
    }
    captures.push({
      id: plan.id,
      set: plan.set,
      species: plan.species,
      person: plan.person,
      shows: plan.shows,
      challenge: plan.challenge,
      frames,
      idPhoto: ids[plan.person],
      note: plan.note,
      poses,
      portraitYawDeg: Math.round((await headModel(FACE_SOURCES[plan.shows])).sourceYawDeg * 10) / 10,
      landmarks,
      times,
      recipe: plan.recipe,
      seed: frameSeed,
    });
  }
  return {
    key: path.basename(dir),
    idPhotos: Object.fromEntries(PERSONS.map((p) => [p, ids[p]])) as Record<Person, string>,
    captures,
  };
}

/** Renders one frame of a capture's recipe at movement time t (for videos and tests). */
export { renderRecipe };
export type { HeadRecipe, Person, Recipe };
export { lightingOf };
