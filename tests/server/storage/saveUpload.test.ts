// The streaming helper on a bare Fastify with @fastify/multipart registered the way the app does,
// over real HTTP: what it accepts, what it refuses, and that a refusal leaves nothing on disk.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import multipart, { type FastifyMultipartBaseOptions } from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { ok } from '../../../src/server/envelope';
import { AppError } from '../../../src/server/errors';
import { errorHandlerPlugin } from '../../../src/server/plugins/errorHandler';
import { languagePlugin } from '../../../src/server/plugins/language';
import { storageDirs } from '../../../src/server/plugins/storage';
import { drainUnreadBody, MAX_DRAIN_BYTES } from '../../../src/server/storage/drainUnreadBody';
import { multipartOptions } from '../../../src/server/storage/multipartOptions';
import { receiveMultipart } from '../../../src/server/storage/receiveMultipart';
import { localStore } from '../../../src/server/storage/localStore';
import type { ObjectStore } from '../../../src/server/storage/objectStore';
import { receiveUpload, type StorageDirs } from '../../../src/server/storage/saveUpload';
import { blobOf, filesUnder, form, MAX, pngOfSize, sample, storedBytesOf } from './support';

let dataDir: string;
let dirs: StorageDirs;
let store: ObjectStore;
const servers: FastifyInstance[] = [];

/** A bare app whose one route receives an upload, answers its facts and discards it. */
async function bareApp(options: FastifyMultipartBaseOptions = multipartOptions) {
  const app = Fastify();
  await app.register(languagePlugin);
  await app.register(errorHandlerPlugin, {});
  await app.register(multipart, options);
  app.post('/upload', async (request) => {
    const { upload, fields } = await receiveMultipart(request, (input) => receiveUpload(store, input));
    const { contentType, size, sha256, originalName } = upload;
    await upload.discard();
    return ok(request, { contentType, size, sha256, originalName, fields });
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  servers.push(app);
  return url;
}

let url: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-helper-'));
  dirs = storageDirs(dataDir);
  store = localStore(dirs);
  await mkdir(dirs.tmpDir, { recursive: true });
  url = await bareApp();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  // Every test, accepted or refused, ends with the temp folder empty.
  expect(filesUnder(dirs.filesDir)).toEqual([]);
});

async function upload(file: Buffer | null, filename: string, fields?: Record<string, string>, to = url) {
  const res = await fetch(`${to}/upload`, { method: 'POST', body: form(file, filename, fields) });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; msg: string; data: Record<string, unknown> },
  };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('accepted by content', () => {
  it.each([
    ['tiny.png', 'image/png'],
    ['tiny.jpg', 'image/jpeg'],
    ['tiny.pdf', 'application/pdf'],
  ])('%s is %s, counted and hashed', async (name, type) => {
    const bytes = sample(name);
    const { status, body } = await upload(bytes, name);
    expect(status).toBe(200);
    expect(body.code).toBe(Codes.ok.code);
    // Images are stored re-encoded (issue 22 §5): the facts are those of the stored bytes.
    const kept = await storedBytesOf(bytes, type);
    expect(body.data).toMatchObject({
      contentType: type,
      size: kept.length,
      sha256: sha256(kept),
      originalName: name,
    });
  });

  it('the type comes from the bytes, not the name: a PNG named .pdf is a PNG stored as .png', async () => {
    const { body } = await upload(sample('tiny.png'), 'scan.pdf');
    expect(body.data).toMatchObject({ contentType: 'image/png', originalName: 'scan.pdf.png' });
  });

  it('exactly 10 MB is accepted', async () => {
    const bytes = pngOfSize(MAX);
    const { status, body } = await upload(bytes, 'exactly-10mb.png');
    expect(status).toBe(200);
    // Stored as its clean re-encoding: the filler after the PNG's end is not kept.
    const kept = await storedBytesOf(bytes, 'image/png');
    expect(body.data).toMatchObject({ contentType: 'image/png', size: kept.length, sha256: sha256(kept) });
  });

  it('fields may come before or after the file part', async () => {
    const body = new FormData();
    body.append('file', blobOf(sample('tiny.pdf')), 'a.pdf');
    body.append('kind', 'idFront');
    const res = await fetch(`${url}/upload`, { method: 'POST', body });
    expect(res.status).toBe(200);
    expect((await res.json()).data.fields).toEqual({ kind: 'idFront' });
  });
});

describe('refused, with nothing left on disk', () => {
  it('10 MB + 1 byte: 413 fileTooLarge', async () => {
    const { status, body } = await upload(pngOfSize(MAX + 1), 'just-over.png');
    expect(status).toBe(413);
    expect(body.code).toBe(Codes.fileTooLarge.code);
  });

  it('a 25 MB upload is answered 413 over HTTP, not a reset connection', async () => {
    const { status, body } = await upload(pngOfSize(25 * 1024 * 1024), 'huge.png');
    expect(status).toBe(413);
    expect(body.code).toBe(Codes.fileTooLarge.code);
  });

  it.each([
    ['elf-executable.pdf', 'an ELF executable renamed .pdf'],
    ['pe-executable.pdf', 'a Windows executable renamed .pdf'],
    ['page-html.png', 'an HTML page renamed .png'],
    ['drawing.svg', 'an SVG'],
  ])('%s (%s): 415 fileTypeNotAllowed', async (name) => {
    const { status, body } = await upload(sample(name), name);
    expect(status).toBe(415);
    expect(body.code).toBe(Codes.fileTypeNotAllowed.code);
  });

  it.each([
    ['bomb-wide.png', 'a PNG declaring 30 000 px a side'],
    ['bomb-megapixels.png', 'a PNG declaring 225 megapixels'],
    ['bomb.jpg', 'a JPEG declaring 30 000 px a side'],
  ])('%s (%s): 413 imageTooLarge', async (name) => {
    const { status, body } = await upload(sample(name), name);
    expect(status).toBe(413);
    expect(body.code).toBe(Codes.imageTooLarge.code);
  });

  it('an executable of 12 MB is refused from its first bytes with a readable 415', async () => {
    const big = Buffer.concat([sample('elf-executable.pdf'), Buffer.alloc(12 * 1024 * 1024, 0x90)]);
    const { status, body } = await upload(big, 'setup.pdf');
    expect(status).toBe(415);
    expect(body.code).toBe(Codes.fileTypeNotAllowed.code);
  });

  it('a zero-byte file: 400 fileEmpty', async () => {
    const { status, body } = await upload(sample('empty.png'), 'empty.png');
    expect(status).toBe(400);
    expect(body.code).toBe(Codes.fileEmpty.code);
  });

  it('a PNG signature alone (too short to hold its header): 415', async () => {
    const { status } = await upload(sample('tiny.png').subarray(0, 12), 'cut.png');
    expect(status).toBe(415);
  });

  it('a JPEG with no frame header: 415', async () => {
    const { status } = await upload(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'cut.jpg');
    expect(status).toBe(415);
  });

  it('no file part: 400 naming the field', async () => {
    const { status, body } = await upload(null, '', { kind: 'idFront' });
    expect(status).toBe(400);
    expect(body.code).toBe(Codes.validationFailed.code);
    expect(body.data).toEqual([{ path: 'file', message: 'file.required' }]);
  });

  it('two file parts: refused (one file per upload), the first one removed', async () => {
    const body = form(sample('tiny.png'), 'a.png');
    body.append('file2', blobOf(sample('tiny.pdf')), 'b.pdf');
    const res = await fetch(`${url}/upload`, { method: 'POST', body });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe(Codes.oneFileOnly.code);
  });

  it('not multipart: 415', async () => {
    const res = await fetch(`${url}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"file":"x"}',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe(Codes.unsupportedMediaType.code);
  });

  it('a body that ends inside the file part: 400 uploadFailed', async () => {
    const boundary = 'XyZboundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      pngOfSize(4096), // and no closing boundary
    ]);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        `${url}/upload`,
        {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': body.length,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).code).toBe(Codes.uploadFailed.code);
  });

  it('a part busboy truncated at its own limit is refused even when our count is under 10 MB', async () => {
    // As if multipart were registered with too small a fileSize and without its own size error:
    // busboy cuts the file at 1000 bytes and ends the stream as if nothing happened.
    const lowLimitUrl = await bareApp({ throwFileSizeLimit: false, limits: { fileSize: 1000 } });
    const { status, body } = await upload(pngOfSize(2000), 'cut-by-busboy.png', undefined, lowLimitUrl);
    expect(status).toBe(413);
    expect(body.code).toBe(Codes.fileTooLarge.code);
  });
});

describe('receiveUpload on a plain stream', () => {
  it('a stream that breaks mid-way: uploadFailed, partial file removed', async () => {
    const source = new Readable({ read() {} });
    source.push(pngOfSize(64 * 1024));
    setTimeout(() => source.destroy(new Error('socket hang up')), 20);
    const error = await receiveUpload(store, { file: source, filename: 'a.png' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).codeName).toBe('uploadFailed');
    expect((error as AppError).httpStatus).toBe(400);
  });

  it('counts while streaming: a source far over the limit is cut off at the limit, not read whole', async () => {
    let produced = 0;
    const chunk = pngOfSize(64 * 1024);
    const endless = new Readable({
      read() {
        produced += chunk.length;
        this.push(chunk);
      },
    });
    const error = await receiveUpload(store, { file: endless, filename: 'endless.png' }).catch(
      (e: unknown) => e,
    );
    expect((error as AppError).codeName).toBe('fileTooLarge');
    expect(produced).toBeLessThan(MAX + 2 * 1024 * 1024);
  });
});

describe('an answer given before the body is read', () => {
  /** An app whose upload route opens the file part, then answers without reading it. */
  async function refusingApp(drain: boolean) {
    const app = Fastify();
    await app.register(languagePlugin);
    await app.register(errorHandlerPlugin, {});
    await app.register(multipart, multipartOptions);
    if (drain) app.addHook('onResponse', drainUnreadBody);
    app.post('/upload', async (request) => {
      await request.file();
      throw new AppError('forbidden', 403);
    });
    const at = await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, at };
  }

  /** Resolves true when the server has closed: no connection left hanging on an unread body. */
  async function closesWithin(app: FastifyInstance, ms: number) {
    const timer = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms));
    return Promise.race([app.close().then(() => true), timer]);
  }

  it('the rest of the body is read and dropped, so the connection ends cleanly', async () => {
    const { app, at } = await refusingApp(true);
    const { status, body } = await upload(pngOfSize(MAX), 'big.png', undefined, at);
    expect(status).toBe(403);
    expect(body.code).toBe(Codes.forbidden.code);
    expect(await closesWithin(app, 5000)).toBe(true);
  });

  it('without the drain the same request leaves the connection hanging (why the hook exists)', async () => {
    const { app, at } = await refusingApp(false);
    const { status } = await upload(pngOfSize(MAX), 'big.png', undefined, at);
    expect(status).toBe(403);
    expect(await closesWithin(app, 1500)).toBe(false);
    app.server.closeAllConnections();
  });

  it('a client that sends far more than one upload is cut off', async () => {
    const { app, at } = await refusingApp(true);
    const outcome = await upload(
      pngOfSize(MAX_DRAIN_BYTES + 8 * 1024 * 1024),
      'endless.png',
      undefined,
      at,
    ).then(
      (r) => r.status,
      () => 'connection cut',
    );
    // The answer may or may not reach a client that is still sending; the connection must not stay.
    expect([403, 'connection cut']).toContain(outcome);
    expect(await closesWithin(app, 5000)).toBe(true);
  });

  it('an anonymous upload answered before any reading ends cleanly too', async () => {
    const app = Fastify();
    await app.register(languagePlugin);
    await app.register(errorHandlerPlugin, {});
    await app.register(multipart, multipartOptions);
    app.addHook('onResponse', drainUnreadBody);
    const preHandler = async () => {
      throw new AppError('noToken', 401);
    };
    app.post('/upload', { preHandler }, async () => ({}));
    const at = await app.listen({ host: '127.0.0.1', port: 0 });
    const { status, body } = await upload(pngOfSize(MAX), 'big.png', undefined, at);
    expect(status).toBe(401);
    expect(body.code).toBe(Codes.noToken.code);
    expect(await closesWithin(app, 5000)).toBe(true);
  });
});
