// Another photograph of the same person (issue 28, session 13): the hard genuine heads
// (screenSets.ts) were textured with the very picture the ID card's portrait is rendered from, so
// the ID-reuse rule (a capture whose face is the ID portrait's own pixels) rightly saw the ID
// portrait in one of them. A live person in front of the camera is never the ID photo's pixels:
// another day's photograph differs in its light (a key light from a side, baked into the skin's
// shading), its white balance, and its fine detail (another sensor, another resolution). The only
// public-domain pictures of A and B the Debian packages ship are the ones faces.ts uses, so the
// other photograph is made from it that way: the head's picture given another expression (the
// mouth's corners and the brows moved), relit by a light from one side (a smooth ramp across the
// face, 0.6–1.4 of the light), warmed or cooled, and resampled through a coarser sensor. A light
// ramp alone moves only the lowest frequencies a perceptual hash sees: one capture still hashed 2
// bits from the ID portrait with it. The ID portrait stays as it was; the ID-reuse rule is
// unchanged.
import { between } from './geometry';
import { pictureSharp, readPicture } from './image';
import type { HeadModel } from './head';
import type { Picture } from './raster';

export interface OtherPicture {
  /** Direction the key light comes from (degrees in the picture, 0 = from the right) and how much
   *  the light changes over one face width (0.3: from 0.85 to 1.15 of it across the face). */
  lightDeg: number;
  ramp: number;
  /** Warmer (> 0) or cooler white balance: red up and blue down by this share. */
  warmth: number;
  /** The other sensor's resolution against the source's (0.5–0.8). */
  resolution: number;
  /** Another expression: the mouth's corners drawn out and up (a wider smile, > 0) or in, and the
   *  brows raised (> 0) or lowered, in face widths. */
  smile: number;
  brows: number;
}

/** Mesh points an expression moves: the mouth's corners (61, 291) and the brows' middles (105, 334). */
const MOUTH = [61, 291] as const;
const BROWS = [105, 334] as const;

/** The picture warped as the face would look with another expression: each moved point drags the
 *  picture around it (a Gaussian of a tenth of the face width), sampled back bilinearly. */
function express(model: HeadModel, p: Picture, o: OtherPicture): Picture {
  const w = model.faceWidthPx;
  const at = (i: number) => model.landmarks[i]!;
  const [cx] = model.centre;
  const moves = [
    ...MOUTH.map((i) => {
      const [x, y] = at(i);
      return { x, y, dx: Math.sign(x - cx) * o.smile * w, dy: -0.5 * o.smile * w };
    }),
    ...BROWS.map((i) => {
      const [x, y] = at(i);
      return { x, y, dx: 0, dy: -o.brows * w };
    }),
  ];
  const sigma = 0.1 * w;
  const out = new Uint8Array(p.data.length);
  for (let y = 0; y < p.height; y++)
    for (let x = 0; x < p.width; x++) {
      let sx = x;
      let sy = y;
      for (const m of moves) {
        const g = Math.exp(-((x - m.x - m.dx) ** 2 + (y - m.y - m.dy) ** 2) / (2 * sigma * sigma));
        sx -= m.dx * g;
        sy -= m.dy * g;
      }
      const x0 = Math.max(0, Math.min(p.width - 2, Math.floor(sx)));
      const y0 = Math.max(0, Math.min(p.height - 2, Math.floor(sy)));
      const fx = Math.max(0, Math.min(1, sx - x0));
      const fy = Math.max(0, Math.min(1, sy - y0));
      const o0 = (y * p.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const v = (xx: number, yy: number) => p.data[(yy * p.width + xx) * 3 + c]!;
        out[o0 + c] = Math.round(
          (v(x0, y0) * (1 - fx) + v(x0 + 1, y0) * fx) * (1 - fy) +
            (v(x0, y0 + 1) * (1 - fx) + v(x0 + 1, y0 + 1) * fx) * fy,
        );
      }
    }
  return { data: out, width: p.width, height: p.height };
}

/** The head model's picture (and what is behind the head) as another photograph would show them. */
export async function anotherPicture(model: HeadModel, o: OtherPicture): Promise<HeadModel> {
  const relight = (p: Picture): Picture => {
    const out = new Uint8Array(p.data.length);
    const a = (o.lightDeg * Math.PI) / 180;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    const [cx, cy] = model.centre;
    for (let y = 0; y < p.height; y++)
      for (let x = 0; x < p.width; x++) {
        const along = ((x - cx) * c + (y - cy) * s) / model.faceWidthPx;
        const k = Math.max(0.6, Math.min(1.4, 1 + o.ramp * along));
        const i = (y * p.width + x) * 3;
        const gains = [k * (1 + o.warmth), k, k * (1 - o.warmth)];
        for (let ch = 0; ch < 3; ch++)
          out[i + ch] = Math.max(0, Math.min(255, Math.round(p.data[i + ch]! * gains[ch]!)));
      }
    return { data: out, width: p.width, height: p.height };
  };
  const resample = async (p: Picture): Promise<Picture> => {
    const w = Math.max(8, Math.round(p.width * o.resolution));
    const h = Math.max(8, Math.round(p.height * o.resolution));
    const small = await pictureSharp(p).resize(w, h).png().toBuffer();
    return readPicture(pictureSharp(await readPicture(small)).resize(p.width, p.height));
  };
  return {
    ...model,
    picture: await resample(relight(express(model, model.picture, o))),
    behind: await resample(relight(model.behind)),
  };
}

/** A live head's texture is another photograph than the ID portrait's (otherPicture.ts): another
 *  expression (mouth corners 2–4 %, brows 1–2.5 % of the face width), a key light from a side
 *  (±45°) changing 35–60 % over a face width, white balance ±6 %, a sensor of half to
 *  four fifths the resolution. Its own random stream: the capture's other draws stay as they were. */
export function drawOtherPicture(random: () => number): OtherPicture {
  return {
    // A key light from the left or the right, up to 45° above or below the side (from below
    // the face is no photograph's light).
    lightDeg: (random() < 0.5 ? 0 : 180) + between(random, -45, 45),
    ramp: between(random, 0.35, 0.6),
    warmth: between(random, -0.06, 0.06),
    resolution: between(random, 0.5, 0.8),
    smile: (random() < 0.5 ? -1 : 1) * between(random, 0.02, 0.04),
    brows: (random() < 0.5 ? -1 : 1) * between(random, 0.01, 0.025),
  };
}
