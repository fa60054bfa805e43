// The build writes .br/.gz copies of text assets, and the server sends the copy the browser accepts
// (with the asset's own content type), the plain file to a browser that accepts neither.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSpa } from '../../src/server/plugins/spa';
import { precompressAssets } from '../../src/tools/precompressAssets';

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

async function runPlugin() {
  const plugin = precompressAssets();
  (plugin.configResolved as (c: unknown) => void)({ root: dir, build: { outDir: '.' } });
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'assets/app.js'), script);
  writeFileSync(path.join(dir, 'assets/tiny.js'), 'export {};\n');
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  const bundle = {
    'assets/app.js': { type: 'chunk', fileName: 'assets/app.js', code: script },
    'assets/tiny.js': { type: 'chunk', fileName: 'assets/tiny.js', code: 'export {};\n' },
    'assets/logo.png': { type: 'asset', fileName: 'assets/logo.png', source: new Uint8Array(5000) },
  };
  await (plugin.writeBundle as (o: unknown, b: unknown) => Promise<void>).call({}, {}, bundle);
}

describe('precompressed assets', () => {
  it('the build writes .br and .gz of text assets over 1 KB, not of images or tiny files', async () => {
    await runPlugin();
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets/app.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(dir, 'assets/app.js.gz'))).toString()).toBe(script);
    expect(() => readFileSync(path.join(dir, 'assets/tiny.js.br'))).toThrow();
    expect(() => readFileSync(path.join(dir, 'assets/logo.png.br'))).toThrow();
  });

  it('the server sends the compressed copy the browser accepts, else the plain file', async () => {
    const app = Fastify();
    await registerSpa(app, dir);
    try {
      const br = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const gz = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const plain = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await app.close();
    }
  });
});
