// Issue 17 §2: SIGTERM to `npm start` in the middle of a 10 MB upload and with a live event stream
// open. The upload either completes (200, and the file is there after a restart) or leaves no row
// and no file; the stream ends with a retry hint for the browser; the portal exits 0.
import http from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../../src/server/db/schema/files';
import { VerificationPaths } from '../../../src/contract/api/verification';
import type { TestApp } from '../../support/testApp';
import { filesUnder, MAX, pngOfSize } from '../storage/support';
import { openSession } from '../verification/support';
import { download, openWorld, sha256, type World } from './support';

let world: World;
beforeAll(async () => {
  world = await openWorld('sigterm');
}, 120_000);
afterAll(async () => world?.close());

const BOUNDARY = 'process-test-boundary';

interface Answer {
  status: number;
  body: string;
}

/** A multipart upload written in two parts, with `between` run after the first. */
function slowUpload(
  url: string,
  headers: Record<string, string>,
  bytes: Buffer,
  between: () => Promise<void>,
) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\notherDocument\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
      `Content-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const body = Buffer.concat([head, bytes, tail]);
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      `${url}/plat/files`,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(body.length),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (c: string) => (text += c));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    const cut = 2 * 1024 * 1024;
    request.write(body.subarray(0, cut), () => {
      void between().then(
        () => request.end(body.subarray(cut)),
        (error: unknown) => reject(error as Error),
      );
    });
  });
}

/** Everything an event stream sends until the server ends it. */
function readStream(url: string, headers: Record<string, string>) {
  let text = '';
  let opened!: () => void;
  const open = new Promise<void>((r) => (opened = r));
  const ended = new Promise<string>((resolve, reject) => {
    http
      .get(url, { headers: { ...headers, accept: 'text/event-stream' } }, (response) => {
        response.setEncoding('utf8').on('data', (c: string) => {
          text += c;
          opened();
        });
        response.on('end', () => resolve(text));
        response.on('error', reject);
      })
      .on('error', reject);
  });
  return { open, ended, text: () => text };
}

describe('SIGTERM', () => {
  it('lets a 10 MB upload finish (or leave nothing), ends event streams with a retry hint, exits 0', async () => {
    const portal = await world.start();
    const caller = await world.applicant();
    const t = { url: portal.url } as TestApp;

    const session = await openSession(t, caller.signedIn);
    const stream = readStream(
      `${portal.url}/plat${VerificationPaths.events(session.sessionId)}`,
      caller.headers,
    );
    await stream.open;
    const sentBeforeStop = stream.text();

    const bytes = pngOfSize(MAX);
    const answer = await slowUpload(portal.url, caller.headers, bytes, async () => {
      // The request is in flight (its first 2 MB sent) when the signal comes.
      await new Promise((r) => setTimeout(r, 300));
      portal.process.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(await portal.process.exited(60_000)).toEqual({ code: 0, signal: null });

    // The stream ended with a hint to reconnect, sent after the signal.
    const streamed = await stream.ended;
    expect(streamed.slice(sentBeforeStop.length)).toMatch(/^retry: \d+$/m);

    const filesDir = path.join(world.dataDir, 'files');
    const rows = await world.services.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.companyId, caller.signedIn.companyId!));
    if (answer.status === 200) {
      const id = (JSON.parse(answer.body) as { data: { id: string } }).data.id;
      expect(rows.map((r) => r.id)).toEqual([id]);
      const again = await world.start();
      const served = await download(again.url, caller, id);
      expect(served && sha256(served)).toBe(rows[0]!.sha256);
    } else {
      expect(rows).toEqual([]);
    }
    // No orphan: every file on disk has its row, and nothing is left in the temp folder.
    const live = await world.services.db.select().from(storedFiles).where(isNull(storedFiles.deletedAt));
    const keys = new Set(live.map((r) => path.join(filesDir, r.storageKey)));
    const onDisk = existsSync(filesDir) ? filesUnder(filesDir) : [];
    expect(onDisk.filter((f) => !keys.has(f))).toEqual([]);
    expect(existsSync(path.join(filesDir, 'tmp')) ? readdirSync(path.join(filesDir, 'tmp')) : []).toEqual([]);
    // What the test expects of this machine: a 10 MB upload finishes well within the grace.
    expect(answer.status).toBe(200);
  }, 400_000);
});
