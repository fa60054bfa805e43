// Jigsaw outlines inside the piece's square box: a square body with, on each side, a knob sticking
// out, a socket cut in, or a flat edge. Each puzzle's piece takes one outline; its decoy gaps take
// outlines that differ from it on at least two sides, so a person matches the piece to its gap by
// shape, while a script matching pixels meets several gaps (issue 22 §2).
import { CaptchaPuzzle } from '../../../contract/api/accounts';

const S = CaptchaPuzzle.pieceSize;
const KNOB = Math.round(S * 0.15);
/** The body leaves room on every side for a knob inside the box. */
const BODY = { left: KNOB + 2, top: KNOB + 2, right: S - KNOB - 2, bottom: S - KNOB - 2 };
const MID = { x: (BODY.left + BODY.right) / 2, y: (BODY.top + BODY.bottom) / 2 };

export type Edge = 'flat' | 'knob' | 'socket';
/** Top, right, bottom, left. */
export type Outline = readonly [Edge, Edge, Edge, Edge];

/** A square mask of the box, row by row: 1 inside the piece. */
export type Mask = Uint8Array;

const SIDE_CENTRES = [
  { cx: MID.x, cy: BODY.top },
  { cx: BODY.right, cy: MID.y },
  { cx: MID.x, cy: BODY.bottom },
  { cx: BODY.left, cy: MID.y },
] as const;

function inside(outline: Outline, x: number, y: number): boolean {
  const px = x + 0.5;
  const py = y + 0.5;
  let inBody = px >= BODY.left && px < BODY.right && py >= BODY.top && py < BODY.bottom;
  for (let side = 0; side < 4; side++) {
    const { cx, cy } = SIDE_CENTRES[side]!;
    const inCircle = (px - cx) ** 2 + (py - cy) ** 2 <= KNOB ** 2;
    if (!inCircle) continue;
    if (outline[side] === 'knob') inBody = true;
    if (outline[side] === 'socket') inBody = false;
  }
  return inBody;
}

export function maskOf(outline: Outline): Mask {
  const mask = new Uint8Array(S * S);
  for (let y = 0; y < S; y++) for (let x = 0; x < S; x++) mask[y * S + x] = inside(outline, x, y) ? 1 : 0;
  return mask;
}

export function inMask(mask: Mask, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < S && y < S && mask[y * S + x] === 1;
}

/** A piece pixel next to a pixel outside the piece: where the outline is drawn. */
export function onMaskEdge(mask: Mask, x: number, y: number): boolean {
  if (!inMask(mask, x, y)) return false;
  return (
    !inMask(mask, x - 1, y) || !inMask(mask, x + 1, y) || !inMask(mask, x, y - 1) || !inMask(mask, x, y + 1)
  );
}

const EDGES: readonly Edge[] = ['flat', 'knob', 'socket'];

/** A random outline with at least two knobs or sockets, so it reads as a jigsaw piece. */
export function randomOutline(random: () => number): Outline {
  for (;;) {
    const sides = [0, 1, 2, 3].map(() => EDGES[Math.floor(random() * 3)]!) as unknown as Outline;
    if (sides.filter((e) => e !== 'flat').length >= 2) return sides;
  }
}

/** An outline differing from `from` on at least two sides. */
export function decoyOutline(from: Outline, random: () => number): Outline {
  for (;;) {
    const candidate = randomOutline(random);
    if (candidate.filter((e, i) => e !== from[i]).length >= 2) return candidate;
  }
}

/** The outline of the classic piece (knobs on top and right): what the tests draw by default. */
export const CLASSIC_OUTLINE: Outline = ['knob', 'knob', 'flat', 'flat'];
