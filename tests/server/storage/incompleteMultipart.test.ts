// A multipart body that ends inside its file part (no closing boundary) is answered — 400, the
// envelope — instead of holding the connection and a temp file forever (found by the fuzz).
import http from 'node:http';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { signInAs } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const BODY =
  '--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\nbusinessLicense\r\n' +
  '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n';
// The capture route reads its fields (a well-formed phone key, the source) before the frames, so
// the cut must come inside a frame for the route to be reading a file when the body ends.
const CAPTURE_BODY =
  `--x\r\nContent-Disposition: form-data; name="key"\r\n\r\n${'k'.repeat(43)}\r\n` +
  '--x\r\nContent-Disposition: form-data; name="source"\r\n\r\ncamera\r\n' +
  '--x\r\nContent-Disposition: form-data; name="frame"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\r\n';

function post(path: string, headers: Record<string, string> = {}, body: string = BODY) {
  return new Promise<{ status: number; body: { code: number } }>((resolve, reject) => {
    const url = new URL(`${t.url}/plat${path}`);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        // The connection stays open: the server must answer, not wait for the client to go.
        agent: new http.Agent({ keepAlive: true }),
        headers: {
          ...headers,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { code: number } }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a multipart body cut off inside the file part', () => {
  it('is refused on the public capture route', async () => {
    const answer = await post('/verify/capture', {}, CAPTURE_BODY);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(Codes.uploadFailed.code);
  });

  it('is refused on the signed-in upload route, and leaves no temp file', async () => {
    const who = await signInAs(t.app, { role: 'applicant' });
    const answer = await post('/files', who.headers);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(Codes.uploadFailed.code);
    expect(readdirSync(t.app.storage.dirs.tmpDir)).toEqual([]);
  });
});
