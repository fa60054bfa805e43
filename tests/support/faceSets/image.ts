// Decoding, encoding and small picture operations for the face test material (sharp does the I/O).
import { writeFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import type { Picture } from './raster';

export async function readPicture(input: string | Buffer | Sharp): Promise<Picture> {
  const image = typeof input === 'string' || Buffer.isBuffer(input) ? sharp(input) : input;
  const { data, info } = await image
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

export function pictureSharp(picture: Picture): Sharp {
  return sharp(Buffer.from(picture.data.buffer, picture.data.byteOffset, picture.data.length), {
    raw: { width: picture.width, height: picture.height, channels: 3 },
  });
}

/** A JPEG as the phone's canvas.toBlob('image/jpeg', 0.85) makes it. */
export async function writeJpeg(file: string, picture: Picture | Sharp, quality = 85): Promise<string> {
  const image = 'data' in picture ? pictureSharp(picture) : picture;
  await writeFile(file, await image.jpeg({ quality, chromaSubsampling: '4:2:0' }).toBuffer());
  return file;
}

/**
 * Fills the masked pixels (mask ≠ 0) from their surroundings (push-pull: averages of the known
 * pixels at ever coarser scales, pulled back down): what lies behind a head, guessed smoothly.
 */
export function fillMasked(picture: Picture, mask: Uint8Array): Picture {
  const levels: { w: number; h: number; rgb: Float32Array; wt: Float32Array }[] = [];
  let w = picture.width;
  let h = picture.height;
  let rgb = new Float32Array(w * h * 3);
  let wt = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const k = mask[i] ? 0 : 1;
    wt[i] = k;
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = picture.data[i * 3 + c]! * k;
  }
  levels.push({ w, h, rgb, wt });
  while (w > 1 || h > 1) {
    const nw = Math.max(1, Math.ceil(w / 2));
    const nh = Math.max(1, Math.ceil(h / 2));
    const nrgb = new Float32Array(nw * nh * 3);
    const nwt = new Float32Array(nw * nh);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const o = (y >> 1) * nw + (x >> 1);
        const i = y * w + x;
        nwt[o]! += wt[i]!;
        for (let c = 0; c < 3; c++) nrgb[o * 3 + c]! += rgb[i * 3 + c]!;
      }
    }
    levels.push({ w: nw, h: nh, rgb: nrgb, wt: nwt });
    w = nw;
    h = nh;
    rgb = nrgb;
    wt = nwt;
  }
  // Pull: from the coarsest level down, a pixel with little weight takes its parent's colour.
  for (let l = levels.length - 2; l >= 0; l--) {
    const fine = levels[l]!;
    const coarse = levels[l + 1]!;
    for (let y = 0; y < fine.h; y++) {
      for (let x = 0; x < fine.w; x++) {
        const i = y * fine.w + x;
        const o = (y >> 1) * coarse.w + (x >> 1);
        const k = Math.min(1, fine.wt[i]!);
        const cw = coarse.wt[o]! || 1;
        for (let c = 0; c < 3; c++) {
          const own = fine.wt[i]! > 0 ? fine.rgb[i * 3 + c]! / fine.wt[i]! : 0;
          const parent = coarse.rgb[o * 3 + c]! / cw;
          fine.rgb[i * 3 + c] = own * k + parent * (1 - k);
        }
        fine.wt[i] = 1;
      }
    }
  }
  const out = new Uint8Array(picture.data.length);
  const top = levels[0]!;
  for (let i = 0; i < out.length; i++)
    out[i] = mask[Math.floor(i / 3)] ? Math.round(top.rgb[i]!) : picture.data[i]!;
  return { data: out, width: picture.width, height: picture.height };
}
