// A display's light is not steady, and a phone camera does not expose all its rows at once (issue
// 28, session 13). Many displays dim by pulse-width modulation (an OLED phone at 240–490 Hz, many
// LCD backlights at 180–1000 Hz; others dim by current, "DC dimming", and do not flicker), and a
// phone camera's CMOS sensor reads its rows one after another over the frame's readout time
// (a rolling shutter, 10–33 ms for a whole frame), each row collecting light for the exposure
// time. A row therefore sees the display's pulses that fall in its own window: unless the exposure
// holds a whole number of pulse periods, neighbouring rows collect different amounts, and the screen
// shows horizontal bands, whose place moves from frame to frame with the pulses' phase.
//   exposure   phones choose it against mains flicker ("anti-banding"): a multiple of 10 ms under
//              50 Hz mains, 8.33 ms under 60 Hz, which also cancels a display pulsing at an integer
//              multiple of 100 or 120 Hz (a 240 Hz OLED under 60 Hz anti-banding shows no bands);
//   light      the row's light is the display's mean over that window, divided by its mean over a
//              long time (what the picture shows when it does not flicker);
//   where      only the display's own light flickers: the bezel, the room and the glass's reflection
//              do not (the reflection is baked into the screen texture here, so it is modulated with
//              it: a small overstatement of the bands where glare lies).
// Pure: the parameters and a frame's phase in, each row's gain out.
import type { Picture } from './raster';

export interface ScreenFlicker {
  /** The display's pulse frequency (Hz) and the share of each period it is lit. */
  hz: number;
  duty: number;
  /** The camera: exposure of a row and readout of the whole frame (ms). */
  exposureMs: number;
  readoutMs: number;
}

/** Lit time of a pulse train (period 1/hz, lit for the first `duty` of it, phase 0 at t = 0) from
 *  0 to t seconds. */
function litUntil(t: number, hz: number, duty: number): number {
  const cycles = t * hz;
  const whole = Math.floor(cycles);
  return (whole * duty + Math.min(cycles - whole, duty)) / hz;
}

/**
 * The gain of each of `rows` rows (1 = the display's mean light), for a frame whose first row starts
 * collecting at `phase` (0..1 of a pulse period).
 */
export function rowGains(f: ScreenFlicker, rows: number, phase: number): Float64Array {
  const out = new Float64Array(rows);
  const exposure = f.exposureMs / 1000;
  const start0 = phase / f.hz;
  for (let y = 0; y < rows; y++) {
    const start = start0 + ((f.readoutMs / 1000) * y) / rows;
    const lit = litUntil(start + exposure, f.hz, f.duty) - litUntil(start, f.hz, f.duty);
    out[y] = lit / (exposure * f.duty);
  }
  return out;
}

/**
 * Applies the rows' gains to the pixels where the display emits (`emits(x, y)`), in place. The
 * frame's values are gamma-encoded (about 2.2): a gain g on light is g^(1/2.2) on the value.
 */
export function applyFlicker(
  picture: Picture,
  gains: Float64Array,
  emits: (x: number, y: number) => boolean,
): void {
  const { data, width, height } = picture;
  for (let y = 0; y < height; y++) {
    const k = Math.pow(gains[y]!, 1 / 2.2);
    if (Math.abs(k - 1) < 1e-4) continue;
    for (let x = 0; x < width; x++) {
      if (!emits(x, y)) continue;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) data[o + c] = Math.max(0, Math.min(255, Math.round(data[o + c]! * k)));
    }
  }
}

/** A flicker as a phone and a display meet in a room: `random` draws from the ranges above.
 *  `dcShare` of displays do not pulse at all (null). */
export function drawFlicker(
  random: () => number,
  ranges: { hz: [number, number]; duty: [number, number]; dcShare: number; readoutMs: [number, number] },
): ScreenFlicker | null {
  const between = (a: number, b: number) => a + (b - a) * random();
  const dc = random() < ranges.dcShare;
  const hz = between(...ranges.hz);
  const duty = between(...ranges.duty);
  // Anti-banding: 50 Hz mains (10 ms steps) or 60 Hz (8.33 ms), one to three steps indoors.
  const step = random() < 0.5 ? 10 : 1000 / 120;
  const exposureMs = step * (1 + Math.floor(random() * 3));
  const readoutMs = between(...ranges.readoutMs);
  return dc ? null : { hz, duty, exposureMs, readoutMs };
}
