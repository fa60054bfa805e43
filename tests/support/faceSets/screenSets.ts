// The screen check's own material (issue 28, session 12), made apart from the main sets so that
// no threshold is chosen on it: faceSets({ screens: true }) makes only these.
//   Held-out screens (species 'screenReplay', heldOut): a screen replaying a recording of the
//   asked movement, made in ways the main set's screens are not:
//     - a finer pitch (a 640×480 recording on the same face size: more screen pixels per camera
//       pixel) and a coarser one (320×240, the screen held further away);
//     - a diagonal (delta-like) and a PenTile-like (RGBG) sub-pixel layout;
//     - the screen rotated in the hand (12–20° of roll: its lattice at an angle);
//     - more blur (the camera's blur 0.8 frame pixels where the main set has 0.5);
//     - a phone that compresses its frames harder (JPEG quality 50);
//     - a dim screen (half the brightness);
//     and each pulsing or not as displays do (flicker.ts; session 13, drawn after the flicker
//     check's threshold was chosen, from wider ranges than the main set's).
//   Hard genuine captures (species 'genuine'): a live head with a periodic pattern right behind
//   it (striped or checked shirt and wall, 3–7 frame pixels a period), and one whose frames are
//   compressed hard (JPEG quality 45): what a spectral screen detector could mistake for a screen.
//   Their heads are textured from another photograph of the person than the one the ID portrait
//   is rendered from (otherPicture.ts, session 13): a live person is never the ID photo's pixels.
import type { HeadRecipe, Person, PlaneRecipe, ScreenLayout } from './captures';
import { between } from './geometry';
import { drawFlicker, type ScreenFlicker } from './flicker';
import { drawOtherPicture } from './otherPicture';
import type { Movement } from './motion';

/** What a plan needs from sets.ts (passed in, so this file imports no values back from it). */
export interface ScreenSetHelpers {
  rnd: (id: string) => () => number;
  count: (random: () => number) => number;
  planeBase: (random: () => number, movement: Movement) => Omit<PlaneRecipe, 'content'>;
  headRecipe: (
    shows: Person,
    movement: Movement,
    random: () => number,
    frame?: { width: number; height: number },
  ) => HeadRecipe;
}

export interface ScreenSetPlan {
  id: string;
  species: 'genuine' | 'screenReplay';
  person: Person;
  challenge: Movement;
  frameCount: number;
  recipe: HeadRecipe | PlaneRecipe;
  note: string;
  /** The phone's JPEG quality for this capture's frames (default 85). */
  quality?: number;
}

const CHALLENGES: readonly Movement[] = ['leftThenRight', 'rightThenLeft', 'downThenUp', 'upThenDown'];

interface ScreenVariant {
  name: string;
  note: string;
  recording?: { width: number; height: number };
  layout?: ScreenLayout;
  rollDeg?: [number, number];
  blurPx?: number;
  quality?: number;
  brightness?: [number, number];
  faceShare?: [number, number];
}

const VARIANTS: readonly ScreenVariant[] = [
  { name: 'finePitch', note: 'a finer pitch: a 640×480 recording', recording: { width: 640, height: 480 } },
  { name: 'coarsePitch', note: 'a coarser pitch: a 320×240 recording, held further', recording: { width: 320, height: 240 }, faceShare: [0.2, 0.24] },
  { name: 'diagonal', note: 'a diagonal (delta-like) sub-pixel layout', layout: 'diagonal' },
  { name: 'pentile', note: 'a PenTile-like (RGBG) sub-pixel layout', layout: 'pentile' },
  { name: 'rotated', note: 'the screen rotated 12–20° in the hand', rollDeg: [12, 20] },
  { name: 'moreBlur', note: "more of the camera's blur (0.8 frame pixels)", blurPx: 0.8 },
  { name: 'jpeg50', note: 'a phone compressing its frames at JPEG quality 50', quality: 50 },
  { name: 'dim', note: 'a dim screen (half the brightness)', brightness: [0.45, 0.55] },
]; // prettier-ignore

/** Held-out screens' pulses (flicker.ts), drawn wider than the main set's (200–500 Hz, duty
 *  0.2–0.9, readout 12–33 ms, a third not pulsing) and made AFTER the flicker check's threshold was
 *  chosen on the main set (session 13): 120–1000 Hz, duty 0.1–0.95, readout 8–40 ms, a quarter not
 *  pulsing. Its own random stream: the screen's other draws stay as they were. */
function heldOutFlicker(random: () => number): { flicker?: ScreenFlicker } {
  const flicker = drawFlicker(random, {
    hz: [120, 1000],
    duty: [0.1, 0.95],
    dcShare: 0.25,
    readoutMs: [8, 40],
  });
  return flicker ? { flicker } : {};
}

export function screenSetPlans(persons: readonly Person[], h: ScreenSetHelpers): ScreenSetPlan[] {
  const out: ScreenSetPlan[] = [];
  for (const [p, person] of persons.entries()) {
    for (const [v, variant] of VARIANTS.entries()) {
      const movement = CHALLENGES[(v + p) % CHALLENGES.length]!;
      const id = `screenHeldOut-${variant.name}-${person}-${movement}`;
      const random = h.rnd(id);
      const recording = h.headRecipe(
        person,
        movement,
        random,
        variant.recording ?? { width: 480, height: 360 },
      );
      recording.noise = 0;
      // A recording of the person, not the ID portrait's pixels (the ID-reuse rule is not what
      // should refuse a screen).
      recording.otherPicture = drawOtherPicture(h.rnd(`${id}-picture`));
      const base = h.planeBase(random, movement);
      const sign = random() < 0.5 ? -1 : 1;
      const range = (r: [number, number] | undefined, fallback: [number, number]) =>
        between(random, ...(r ?? fallback));
      out.push({
        id, species: 'screenReplay', person, challenge: movement, frameCount: h.count(random),
        recipe: {
          ...base,
          follow: between(random, 0, 0.2),
          basePose: {
            yawDeg: between(random, -20, 20),
            pitchDeg: between(random, -15, 15),
            rollDeg: variant.rollDeg ? sign * range(variant.rollDeg, [0, 0]) : between(random, -5, 5),
          },
          lambert: 0,
          brightness: range(variant.brightness, [0.8, 1]),
          faceShare: range(variant.faceShare, [0.24, 0.32]),
          content: {
            type: 'screen', recording, widthCm: between(random, 12, 34), glare: random() < 0.6 ? between(random, 0.1, 0.35) : 0, gap: between(random, 0.3, 0.6),
            ...(variant.layout ? { layout: variant.layout } : {}),
            ...(variant.blurPx ? { blurPx: variant.blurPx } : {}),
            ...heldOutFlicker(h.rnd(`${id}-flicker`)),
          },
        },
        note: `held out: a screen replaying the asked movement, ${variant.note}`,
        ...(variant.quality ? { quality: variant.quality } : {}),
      }); // prettier-ignore
    }
    // Genuine heads that are hard for a spectral detector.
    for (const [v, movement] of CHALLENGES.entries()) {
      const id = `genuineHard-pattern-${person}-${movement}`;
      const random = h.rnd(id);
      const recipe = h.headRecipe(person, movement, random);
      recipe.otherPicture = drawOtherPicture(h.rnd(`${id}-picture`));
      // A small face (the crop then holds more of what is around it) over a fine pattern.
      recipe.faceShare = between(random, 0.17, 0.22);
      recipe.pattern = {
        // 2.5–6 frame pixels a period on a face about 120 pixels wide.
        period: between(random, 0.02, 0.05),
        angleDeg: v % 2 === 0 ? between(random, -10, 10) : between(random, 30, 60),
        contrast: between(random, 0.25, 0.45),
        checks: v >= 2,
      };
      out.push({
        id, species: 'genuine', person, challenge: movement, frameCount: h.count(random), recipe,
        note: `a 3D head over a ${v >= 2 ? 'checked' : 'striped'} shirt and wall (hard for the screen check)`,
      }); // prettier-ignore
    }
    for (const movement of ['leftThenRight', 'downThenUp'] as const) {
      const id = `genuineHard-jpeg45-${person}-${movement}`;
      const random = h.rnd(id);
      out.push({
        id, species: 'genuine', person, challenge: movement, frameCount: h.count(random),
        recipe: { ...h.headRecipe(person, movement, random), otherPicture: drawOtherPicture(h.rnd(`${id}-picture`)) }, quality: 45,
        note: 'a 3D head, frames compressed at JPEG quality 45 (hard for the screen check)',
      }); // prettier-ignore
    }
  }
  return out;
}
