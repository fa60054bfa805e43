// Tesseract (tesseract.js 7: the WASM build of Tesseract 5 in a worker thread of its own) with the
// Simplified Chinese and English LSTM models of @tesseract.js-data, read from node_modules. Offline:
// the core is required from tesseract.js-core, the worker script is the package's own file, and the
// models come from a local folder (langPath), so nothing is fetched (no CDN, no cache written).
import { mkdirSync, renameSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { OcrEngine } from './engine';
import type { OcrLine } from './types';

const require = createRequire(import.meta.url);

const LANGUAGES = ['chi_sim', 'eng'] as const;
/** The LSTM models (OEM 1): the legacy engine adds nothing for printed documents and costs memory. */
const OEM_LSTM_ONLY = 1;
const MODEL_DIR = '4.0.0_best_int';

interface TesseractBbox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TesseractWorker {
  recognize(
    image: Buffer,
    options: object,
    output: { blocks: boolean; text: boolean },
  ): Promise<{
    data: { blocks: { paragraphs: { lines: { text: string; bbox: TesseractBbox }[] }[] }[] | null };
  }>;
  terminate(): Promise<unknown>;
}

/** Tesseract reads every language from one folder: one of links to the packages' model files. */
function modelFolder(): string {
  const folder = path.join(os.tmpdir(), `portal-tesseract-models-${process.getuid?.() ?? 0}`);
  mkdirSync(folder, { recursive: true });
  for (const language of LANGUAGES) {
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`));
    const target = path.join(pkg, MODEL_DIR, `${language}.traineddata.gz`);
    statSync(target); // fails now, not mid-read, when the model is missing
    // Re-pointed each start (node_modules may have moved), atomically: threads may start together.
    const link = path.join(folder, `${language}.traineddata.gz`);
    const fresh = `${link}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    symlinkSync(target, fresh);
    renameSync(fresh, link);
  }
  return folder;
}

export async function createTesseractEngine(): Promise<OcrEngine> {
  const tesseract = require('tesseract.js') as {
    createWorker: (
      langs: readonly string[],
      oem: number,
      options: object,
      config: object,
    ) => Promise<TesseractWorker>;
  };
  const worker = await tesseract.createWorker(
    LANGUAGES,
    OEM_LSTM_ONLY,
    {
      langPath: modelFolder(),
      gzip: true,
      cacheMethod: 'none',
      logger: () => undefined,
      errorHandler: () => undefined,
    },
    {},
  );
  return {
    name: `tesseract.js-7/${LANGUAGES.join('+')}/${MODEL_DIR}`,
    async recognize(png: Buffer): Promise<OcrLine[]> {
      const { data } = await worker.recognize(png, {}, { blocks: true, text: false });
      return (data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) =>
          paragraph.lines.map((line) => ({
            text: line.text.replace(/\n$/, ''),
            box: [line.bbox.x0, line.bbox.y0, line.bbox.x1, line.bbox.y1] as OcrLine['box'],
          })),
        ),
      );
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
