// PDF pages as images for the OCR engine: pdfjs-dist's legacy build (Node) draws each page on an
// @napi-rs/canvas (pdfjs's own Node canvas factory) at READ_DPI. Runs inside a reader thread only.
// Only the first MAX_PAGES pages are read: a licence is one page, a proof of address a few.
import { createRequire } from 'node:module';
import path from 'node:path';

const READ_DPI = 150;
export const MAX_PAGES = 3;

const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));

export interface PageImage {
  png: Buffer;
  width: number;
  height: number;
}

interface Canvas {
  width: number;
  height: number;
  getContext(kind: '2d'): unknown;
  toBuffer(mime: 'image/png'): Buffer;
}

export async function pdfPageImages(bytes: Uint8Array, maxPages = MAX_PAGES): Promise<PageImage[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const canvasModule = require('@napi-rs/canvas') as { createCanvas: (w: number, h: number) => Canvas };
  const doc = await pdfjs.getDocument({
    // pdfjs takes ownership of the buffer it is given: a copy keeps the caller's bytes intact.
    data: new Uint8Array(bytes),
    // Fonts and character maps from the package itself: nothing is fetched.
    standardFontDataUrl: path.join(pdfjsDir, 'standard_fonts') + path.sep,
    cMapUrl: path.join(pdfjsDir, 'cmaps') + path.sep,
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
  try {
    const pages: PageImage[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: READ_DPI / 72 });
      const width = Math.ceil(viewport.width);
      const height = Math.ceil(viewport.height);
      const canvas = canvasModule.createCanvas(width, height);
      await page.render({
        canvas: canvas as never,
        canvasContext: canvas.getContext('2d') as never,
        viewport,
      }).promise;
      pages.push({ png: canvas.toBuffer('image/png'), width, height });
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
