// The flicker check's physics without the engine (issue 28, session 13): a pulsing display seen
// through a rolling shutter shows horizontal bands that move between frames; a live scene (a face
// that moves, a shaken camera, a striped shirt) shows none. The frames are made here: a scene of
// smooth unevenness, horizontal edges and a moving face-like oval; the same scene on a display that
// pulses (the test material's own rolling-shutter model, tests/support/faceSets/flicker.ts).
import { describe, expect, it } from 'vitest';
import { lcgRandom } from '../../support/lcgRandom';
import { DEFAULT_FACE_ENGINE_CONFIG } from '../../../src/server/services/verification/face/engineConfig';
import { judgePresentation } from '../../../src/server/services/verification/face/presentationAttack';
import {
  periodFits,
  rowProfile,
  screenBands,
  type GreyFrame,
} from '../../../src/server/services/verification/face/screenBanding';
import type { FoundFace } from '../../../src/server/services/verification/face/analysis';
import { rowGains, type ScreenFlicker } from '../../support/faceSets/flicker';

const W = 360;
const H = 480;
const threshold = DEFAULT_FACE_ENGINE_CONFIG.attack.screenBandsMax;

const random = lcgRandom;

/** Smooth unevenness: a random grid every `cell` pixels, bilinear between its points. */
function valueNoise(seed: number, cell: number): (x: number, y: number) => number {
  const r = random(seed);
  const cols = Math.ceil(W / cell) + 3;
  const rows = Math.ceil(H / cell) + 3;
  const grid = Float64Array.from({ length: cols * rows }, () => r() - 0.5);
  return (x, y) => {
    const gx = Math.min(cols - 2, Math.max(0, x / cell + 1));
    const gy = Math.min(rows - 2, Math.max(0, y / cell + 1));
    const [x0, y0] = [Math.floor(gx), Math.floor(gy)];
    const [fx, fy] = [gx - x0, gy - y0];
    const at = (i: number, j: number) => grid[j * cols + i]!;
    return (
      (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) +
      (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
    );
  };
}

interface Scene {
  /** Horizontal stripes behind the face (a striped shirt or wall): period in pixels, 0 = none. */
  stripes?: number;
  /** The display's pulses, when the scene is shown on one. */
  flicker?: ScreenFlicker;
}

/** Frame k of the scene: the camera shaken by a sub-pixel amount, the face moved 7 px a frame and
 *  its shading changed as it turns; on a display, each row's light times the rolling shutter's gain. */
function frames(scene: Scene, count = 5): GreyFrame[] {
  const coarse = valueNoise(1, 40);
  const fine = valueNoise(2, 9);
  const skin = valueNoise(3, 7);
  const shake = random(4);
  const phase = random(5);
  const out: GreyFrame[] = [];
  for (let k = 0; k < count; k++) {
    const [sx, sy] = [(shake() - 0.5) * 3, (shake() - 0.5) * 3];
    const gains = scene.flicker ? rowGains(scene.flicker, H, phase()) : null;
    const data = new Uint8Array(W * H);
    const faceX = W / 2 + 7 * (k - count / 2);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const [u, v] = [x + sx, y + sy];
        // The room: unevenness, two shelves' edges, maybe a striped shirt or wall.
        let value = 120 + 70 * coarse(u, v) + 30 * fine(u, v);
        if (v > 150 && v < 154) value -= 50;
        if (v > 400) value += 30;
        if (scene.stripes) value *= 1 + 0.4 * Math.sign(Math.sin((2 * Math.PI * v) / scene.stripes));
        // The face: a lit oval with dark eyes and mouth, its shading shifting as it turns.
        const dx = (u - faceX) / 55;
        const dy = (v - 200) / 75;
        if (dx * dx + dy * dy < 1) {
          const eye = (cx: number) => Math.exp(-(((u - faceX - cx) / 8) ** 2 + ((v - 180) / 5) ** 2));
          value =
            170 * (1 + 0.15 * (k / count - 0.5) * dx) +
            25 * skin(u - faceX, v) -
            90 * (eye(-20) + eye(20)) -
            70 * Math.exp(-(((u - faceX) / 18) ** 2 + ((v - 240) / 4) ** 2));
        }
        const gain = gains ? Math.pow(gains[y]!, 1 / 2.2) : 1;
        data[y * W + x] = Math.max(0, Math.min(255, Math.round(value * gain)));
      }
    out.push({ data, width: W, height: H });
  }
  return out;
}

// A phone's OLED pulsing at 340 Hz, lit half the time; the camera exposing 10 ms (50 Hz
// anti-banding: 3.4 periods, not a whole number) and reading out in 20 ms: 6.8 bands a frame. And a weaker one: a shorter duty seen
// through two 10 ms steps.
const OLED: ScreenFlicker = { hz: 340, duty: 0.5, exposureMs: 10, readoutMs: 20 };
const WEAK: ScreenFlicker = { hz: 367, duty: 0.3, exposureMs: 20, readoutMs: 13 };

describe('the flicker check (screenBanding.ts)', () => {
  it('finds a pulsing display by its moving bands, at the frequency its pulses and the readout give', () => {
    const bands = screenBands(frames({ flicker: OLED }))!;
    expect(bands.depth).toBeGreaterThan(2 * threshold);
    expect(bands.cyclesPerFrame).toBeCloseTo((OLED.hz * OLED.readoutMs) / 1000, 0);
    expect(bands.pairs).toBe(4);
    expect(screenBands(frames({ flicker: WEAK }))!.depth).toBeGreaterThan(threshold);
  });

  it('finds no bands in a live scene: a moving face, a shaken camera, a striped shirt', () => {
    expect(screenBands(frames({}))!.depth).toBeLessThan(threshold / 2);
    // A striped background has no flat blocks to compare: nothing measured (null) or nothing found.
    for (const stripes of [4, 5, 9]) {
      const bands = screenBands(frames({ stripes }));
      expect(bands?.depth ?? 0, `stripes of ${stripes} px: ${JSON.stringify(bands)}`).toBeLessThan(
        threshold / 2,
      );
    }
  });

  it('finds none where the exposure holds whole pulse periods (a 240 Hz display under 60 Hz anti-banding)', () => {
    const cancelled: ScreenFlicker = { hz: 240, duty: 0.4, exposureMs: 1000 / 120, readoutMs: 25 };
    expect(screenBands(frames({ flicker: cancelled }))!.depth).toBeLessThan(threshold / 2);
  });

  it('answers nothing for frames of different sizes or a single frame, and a profile per block row', () => {
    const [a, b] = frames({}, 2);
    const small: GreyFrame = { data: new Uint8Array(100 * 100), width: 100, height: 100 };
    expect(screenBands([a!])).toBeNull();
    expect(screenBands([a!, small])).toBeNull();
    expect(rowProfile(a!, small)).toBeNull();
    const profile = rowProfile(a!, b!)!;
    expect(profile.length).toBe(H / 3);
    // A pure sinusoid of 5 cycles is found whole at 5 cycles.
    const sine = Float64Array.from({ length: 80 }, (_, i) => 0.01 * Math.sin((2 * Math.PI * 5 * i) / 80));
    const best = periodFits(sine)!.reduce((x, y) => (y.share > x.share ? y : x));
    expect(best.cycles).toBe(5);
    expect(best.share).toBeGreaterThan(0.95);
    expect(best.amplitude).toBeGreaterThan(0.008);
  });

  it('judges a capture with the bands a screen (screenBands), one without them not, one unmeasured not', () => {
    const face: FoundFace = {
      box: [0, 0, 100, 100],
      score: 0.9,
      yawDeg: 0,
      pitchDeg: 0,
      rollDeg: 0,
      brightness: 120,
      sharpness: 100,
      touchesEdge: false,
      embedding: [],
      mesh: [],
      meshDepth: [],
      antispoof: null,
      liveModel: null,
      texture: null,
    };
    const t = DEFAULT_FACE_ENGINE_CONFIG.attack;
    const screen = judgePresentation(
      [face, face],
      null,
      t,
      undefined,
      screenBands(frames({ flicker: OLED })),
    );
    expect(screen.verdict).toBe('screenBands');
    expect(screen.evidence.screenBands).toMatchObject({
      threshold: t.screenBandsMax,
      passed: false,
      pairs: 4,
    });
    const live = judgePresentation([face, face], null, t, undefined, screenBands(frames({})));
    expect(live.verdict).toBeNull();
    expect(live.evidence.screenBands?.passed).toBe(true);
    const unmeasured = judgePresentation([face, face], null, t, undefined, null);
    expect(unmeasured.evidence.screenBands).toBeNull();
    expect(unmeasured.verdict).toBeNull();
  });
});
