// Held-out flat attacks (issue 28, session 12): flat (or nearly flat) pictures made in ways the
// plane fit's threshold was NOT chosen on, so the bench can say whether the check rests on physics
// or on the material it was tuned with. faceSets({ heldOut: true }) makes only these; the bench
// reports them in a row of their own (bench/facePad.ts).
//   - a print bent in the hand (a cylinder, its edges 3–10 mm nearer the camera than its middle);
//   - a print turned further than the main set (35–40° where the main set turns 15–35°);
//   - a print blurred and JPEG-compressed hard (quality 40), as a cheap printer and a re-shot photo;
//   - a print held far enough that the face is as small as a frame may show it (≈ a fifth of it);
//   - the ID card's portrait printed and bent, turned 30–40° (the browser test's attack, harsher).
import type { PlaneRecipe, Person } from './captures';
import { between } from './geometry';
import type { Movement } from './motion';
import { motionStyle } from './motion';

/** What a plan needs from sets.ts (passed in, so this file imports no values back from it). */
export interface HeldOutHelpers {
  rnd: (id: string) => () => number;
  count: (random: () => number) => number;
  planeBase: (random: () => number, movement: Movement) => Omit<PlaneRecipe, 'content'>;
}

export interface HeldOutPlan {
  id: string;
  person: Person;
  challenge: Movement;
  frameCount: number;
  recipe: PlaneRecipe;
  note: string;
}

const CHALLENGES: readonly Movement[] = ['leftThenRight', 'rightThenLeft', 'downThenUp', 'upThenDown'];

export function heldOutPlans(persons: readonly Person[], h: HeldOutHelpers): HeldOutPlan[] {
  const out: HeldOutPlan[] = [];
  const print = (
    random: () => number,
    shows: Person,
  ): Extract<PlaneRecipe['content'], { type: 'print' }> => ({
    type: 'print',
    shows,
    widthCm: between(random, 12, 20),
    glare: 0,
  });
  for (const person of persons) {
    for (const movement of CHALLENGES) {
      const id = `heldOut-bentPrint-${person}-${movement}`;
      const random = h.rnd(id);
      out.push({
        id, person, challenge: movement, frameCount: h.count(random),
        recipe: { ...h.planeBase(random, movement), content: print(random, person), bendCm: between(random, 0.3, 1) },
        note: 'the portrait printed and bent in the hand (edges 3–10 mm nearer), turned as asked',
      }); // prettier-ignore
    }
    for (const movement of ['leftThenRight', 'rightThenLeft'] as const) {
      const id = `heldOut-wideTurn-${person}-${movement}`;
      const random = h.rnd(id);
      out.push({
        id, person, challenge: movement, frameCount: h.count(random),
        recipe: { ...h.planeBase(random, movement), style: motionStyle(random, { minDeg: 35, maxDeg: 40 }), follow: 1, content: print(random, person) },
        note: 'the portrait printed, turned 35–40° each way',
      }); // prettier-ignore
    }
    for (const movement of ['downThenUp', 'leftThenRight'] as const) {
      const id = `heldOut-blurredJpeg-${person}-${movement}`;
      const random = h.rnd(id);
      out.push({
        id, person, challenge: movement, frameCount: h.count(random),
        recipe: { ...h.planeBase(random, movement), content: { ...print(random, person), degrade: { blur: between(random, 3, 5), quality: 40 } } },
        note: 'the portrait printed blurred and JPEG-compressed (quality 40), turned as asked',
      }); // prettier-ignore
    }
    for (const movement of ['rightThenLeft', 'upThenDown'] as const) {
      const id = `heldOut-smallFace-${person}-${movement}`;
      const random = h.rnd(id);
      out.push({
        id, person, challenge: movement, frameCount: h.count(random),
        recipe: { ...h.planeBase(random, movement), faceShare: between(random, 0.21, 0.24), content: print(random, person) },
        note: 'the portrait printed and held far: the face about a fifth of the frame',
      }); // prettier-ignore
    }
    for (const movement of ['leftThenRight', 'rightThenLeft'] as const) {
      const id = `heldOut-idPortraitBent-${person}-${movement}`;
      const random = h.rnd(id);
      out.push({
        id, person, challenge: movement, frameCount: h.count(random),
        recipe: {
          ...h.planeBase(random, movement),
          style: motionStyle(random, { minDeg: 30, maxDeg: 40 }),
          follow: 1,
          bendCm: between(random, 0.2, 0.6),
          content: {
            type: 'idPortrait', shows: person, pixels: Math.round(between(random, 110, 150)), saturation: between(random, 0.5, 0.8),
            blur: between(random, 0.5, 1.1), quality: Math.round(between(random, 40, 60)), widthCm: between(random, 8, 14), wholeCard: false,
          },
        },
        note: "the ID card's portrait printed, bent a little, turned 30–40° each way",
      }); // prettier-ignore
    }
  }
  return out;
}
