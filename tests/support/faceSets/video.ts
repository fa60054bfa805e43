// A capture as a y4m video for Chromium's fake camera (--use-file-for-fake-video-capture): the
// capture's own recipe rendered at many moments (not the few frames interpolated), so the movement
// is smooth: a frontal hold, the movement, an easing back to frontal, a short hold; Chromium loops
// it. yuv420p through ffmpeg, as Chromium reads it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { renderRecipe, type Recipe } from './captures';
import type { FaceCapture } from './sets';

export interface VideoOptions {
  /** The y4m to write (default: beside the capture's frames, named by the options). */
  file?: string;
  /** Default 640×480, the fake camera's usual size. */
  width?: number;
  height?: number;
  /** Frames per second (default 15). */
  fps?: number;
  /** Frontal hold before the movement (default 1500 ms), the movement (2700 ms), the easing back
   *  to frontal (800 ms), the hold after it (700 ms). */
  holdMs?: number;
  moveMs?: number;
  settleMs?: number;
  endHoldMs?: number;
}

/** The recipe drawn at another frame size (a screen's recording keeps its own). */
function sized(recipe: Recipe, width: number, height: number): Recipe {
  if (recipe.kind === 'head') return { ...recipe, width, height };
  const content =
    recipe.content.type === 'still'
      ? { ...recipe.content, frame: { ...recipe.content.frame, width, height } }
      : recipe.content;
  return { ...recipe, width, height, content };
}

/** Writes `capture` as a y4m video and answers its path (an existing file is reused). */
export async function captureVideo(capture: FaceCapture, options: VideoOptions = {}): Promise<string> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const fps = options.fps ?? 15;
  const hold = options.holdMs ?? 1500;
  const move = options.moveMs ?? 2700;
  const settle = options.settleMs ?? 800;
  const endHold = options.endHoldMs ?? 700;
  const file =
    options.file ??
    path.join(
      path.dirname(capture.frames[0]!),
      `camera-${width}x${height}-${fps}-${hold}-${move}-${settle}-${endHold}.y4m`,
    );
  if (existsSync(file)) return file;
  const recipe = sized(capture.recipe, width, height);
  const part = `${file}.${process.pid}.part`;
  const ffmpeg = spawn(
    'ffmpeg',
    [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${width}x${height}`,
      '-r',
      String(fps),
      '-i',
      'pipe:0',
      '-pix_fmt',
      'yuv420p',
      '-f',
      'yuv4mpegpipe',
      part,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let errors = '';
  ffmpeg.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${errors}`)),
    );
  });
  const total = hold + move + settle + endHold;
  const count = Math.round((total / 1000) * fps);
  for (let i = 0; i < count; i++) {
    const ms = (i * 1000) / fps;
    const t = ms < hold ? 0 : Math.min(1, (ms - hold) / move);
    const back = ms < hold + move ? 0 : Math.min(1, (ms - hold - move) / settle);
    const frame = await renderRecipe(recipe, t, capture.seed + 1000 + i, back);
    const data = Buffer.from(
      frame.picture.data.buffer,
      frame.picture.data.byteOffset,
      frame.picture.data.length,
    );
    if (!ffmpeg.stdin.write(data)) await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve));
  }
  ffmpeg.stdin.end();
  await done;
  await rename(part, file);
  return file;
}
