// Writes `.br` and `.gz` next to every text asset of the production build, once, at build time, so
// the server sends the smallest the browser accepts (@fastify/static `preCompressed`) without
// compressing on every request. Measured by Lighthouse: the uncompressed first load cost /login its
// performance budget (issue 10 §1).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than the extra round of headers costs. */
const MIN_BYTES = 1024;

export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.values(bundle).map(async (item) => {
          if (!COMPRESSIBLE.test(item.fileName)) return;
          const source = item.type === 'chunk' ? item.code : item.source;
          const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (bytes.length < MIN_BYTES) return;
          const file = path.join(outDir, item.fileName);
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
