// Renders the invented documents in Chromium (Debian's, through playwright-core): a clean scan as PNG,
// a licence also as PDF (page.pdf), and a "photo of paper": the scan laid on a table in a page with
// CSS perspective and rotation (up to ±7°), dim light and glare, then blurred and JPEG-compressed
// (quality 50–90) with sharp. Rendered files are cached under os.tmpdir(), keyed by the sample and
// GENERATOR_VERSION, so repeated test and bench runs pay for Chromium once.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import {
  ID_CARD_SIZE,
  LICENCE_SIZE,
  PASSPORT_SIZE,
  idCardBackHtml,
  idCardFrontHtml,
  licenceHtml,
  passportHtml,
} from './templates';
import { seededRandom, type DocumentSample } from './values';

/** Change it whenever a template or effect changes: the cache keys include it. */
export const GENERATOR_VERSION = 'v1';

export type Variant = 'scan' | 'photo' | 'pdf';

export interface RenderedDocument {
  sample: DocumentSample;
  variant: Variant;
  file: string;
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf';
}

export const DOCUMENT_CACHE_DIR = path.join(os.tmpdir(), 'portal-documents', GENERATOR_VERSION);

// The launch flags of tests/support/browser.ts (not imported: that module needs vitest's inject,
// and the bench runs outside vitest).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function htmlOf(sample: DocumentSample): { html: string; size: { width: number; height: number } } {
  switch (sample.kind) {
    case 'idFront':
      return { html: idCardFrontHtml(sample.values), size: ID_CARD_SIZE };
    case 'idBack':
      return { html: idCardBackHtml(sample.values), size: ID_CARD_SIZE };
    case 'passportPhotoPage':
      return { html: passportHtml(sample.values), size: PASSPORT_SIZE };
    case 'businessLicense':
      return { html: licenceHtml(sample.values), size: LICENCE_SIZE };
  }
}

/** Scale of the scan: cards and passport pages like a 1300-px-wide phone crop, the licence ~150 dpi. */
function scaleOf(sample: DocumentSample): number {
  return sample.kind === 'businessLicense' ? 1.6 : 3;
}

export interface PhotoEffects {
  rotateDeg: number;
  tiltXDeg: number;
  tiltYDeg: number;
  brightness: number;
  glare: number;
  blurSigma: number;
  jpegQuality: number;
}

/** The photo's effects, drawn from the sample's key so the same sample always gets the same photo. */
export function photoEffectsOf(key: string): PhotoEffects {
  const seed = createHash('sha256').update(key).digest().readUInt32LE(0);
  const rand = seededRandom(seed);
  const between = (lo: number, hi: number) => lo + rand() * (hi - lo);
  return {
    rotateDeg: between(-7, 7),
    tiltXDeg: between(-10, 10),
    tiltYDeg: between(-10, 10),
    brightness: between(0.6, 1),
    glare: between(0, 0.45),
    blurSigma: between(0.3, 1.2),
    jpegQuality: Math.round(between(50, 90)),
  };
}

function sceneHtml(scanPng: Buffer, width: number, height: number, fx: PhotoEffects): string {
  const src = `data:image/png;base64,${scanPng.toString('base64')}`;
  return `<!doctype html><html><head><style>
  html, body { margin: 0; width: ${width}px; height: ${height}px; overflow: hidden;
    background: radial-gradient(circle at 30% 30%, #8a7a66, #4d4236); }
  .doc { position: absolute; left: 50%; top: 50%; width: ${Math.round(width * 0.82)}px;
    transform: translate(-50%, -50%) perspective(1400px) rotateX(${fx.tiltXDeg}deg) rotateY(${fx.tiltYDeg}deg)
      rotate(${fx.rotateDeg}deg);
    filter: brightness(${fx.brightness}); box-shadow: 0 8px 30px rgba(0,0,0,.45); }
  .glare { position: absolute; inset: 0; pointer-events: none;
    background: radial-gradient(ellipse at 62% 38%, rgba(255,255,255,${fx.glare}) 0%, rgba(255,255,255,0) 38%); }
  </style></head><body><img class="doc" src="${src}"><div class="glare"></div></body></html>`;
}

export class DocumentRenderer {
  private browser: Browser | null = null;

  constructor(private readonly cacheDir = DOCUMENT_CACHE_DIR) {
    mkdirSync(cacheDir, { recursive: true });
  }

  private async page(width: number, height: number, scale: number) {
    this.browser ??= await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const context = await this.browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale });
    return { page: await context.newPage(), close: () => context.close() };
  }

  private fileOf(sample: DocumentSample, variant: Variant): string {
    const ext = variant === 'scan' ? 'png' : variant === 'photo' ? 'jpg' : 'pdf';
    return path.join(this.cacheDir, `${sample.key}-${sample.kind}-${variant}.${ext}`);
  }

  async scan(sample: DocumentSample): Promise<RenderedDocument> {
    const file = this.fileOf(sample, 'scan');
    if (!existsSync(file)) {
      const { html, size } = htmlOf(sample);
      const { page, close } = await this.page(size.width, size.height, scaleOf(sample));
      await page.setContent(html, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      writeFileSync(file, await page.screenshot({ type: 'png' }));
      await close();
    }
    return { sample, variant: 'scan', file, contentType: 'image/png' };
  }

  async pdf(sample: DocumentSample): Promise<RenderedDocument> {
    const file = this.fileOf(sample, 'pdf');
    if (!existsSync(file)) {
      const { html, size } = htmlOf(sample);
      const { page, close } = await this.page(size.width, size.height, 1);
      await page.setContent(html, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      writeFileSync(
        file,
        await page.pdf({ width: `${size.width}px`, height: `${size.height}px`, printBackground: true }),
      );
      await close();
    }
    return { sample, variant: 'pdf', file, contentType: 'application/pdf' };
  }

  async photo(sample: DocumentSample): Promise<RenderedDocument> {
    const file = this.fileOf(sample, 'photo');
    if (!existsSync(file)) {
      const scan = await sharp((await this.scan(sample)).file).toBuffer();
      const fx = photoEffectsOf(sample.key);
      const width = sample.kind === 'businessLicense' ? 1800 : 1400;
      const { size } = htmlOf(sample);
      const height = Math.round(width * (size.height / size.width) * 1.15);
      const { page, close } = await this.page(width, height, 1);
      await page.setContent(sceneHtml(scan, width, height, fx), { waitUntil: 'load' });
      const shot = await page.screenshot({ type: 'png' });
      await close();
      const jpeg = await sharp(shot).blur(fx.blurSigma).jpeg({ quality: fx.jpegQuality }).toBuffer();
      writeFileSync(file, jpeg);
    }
    return { sample, variant: 'photo', file, contentType: 'image/jpeg' };
  }

  async render(sample: DocumentSample, variant: Variant): Promise<RenderedDocument> {
    if (variant === 'scan') return this.scan(sample);
    if (variant === 'pdf') return this.pdf(sample);
    return this.photo(sample);
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    await browser?.close();
  }
}
