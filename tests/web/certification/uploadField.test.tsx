// The upload field against a real local HTTP server standing in for POST /plat/files: the
// browser's own type and size checks, progress, the headers of the API client, and "Upload
// failed" with a retry after a transport failure.
import '../support/jsdomBrowser';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Limits } from '../../../src/contract/limits';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { UploadField } from '../../../src/web/features/uploads/UploadField';
import {
  createUploadTransport,
  type UploadTransport,
} from '../../../src/web/features/uploads/uploadTransport';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  bytes: number;
}

let origin = '';
const seen: Seen[] = [];
let failNext = 0;
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  // jsdom applies CORS: the stand-in allows the page's origin and the client's headers.
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', 'authorization, language, content-type');
  res.setHeader('access-control-allow-methods', 'GET, POST, DELETE');
  if (req.method === 'OPTIONS') return res.end();
  let bytes = 0;
  req.on('data', (chunk: Buffer) => (bytes += chunk.length));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, bytes });
    if (req.method === 'POST' && failNext > 0) {
      failNext -= 1;
      req.socket.destroy();
      return;
    }
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST') {
      res.end(
        JSON.stringify({
          code: 200,
          msg: '',
          data: {
            id: '00000000-0000-4000-8000-00000000f001',
            kind: 'businessLicense',
            contentType: 'image/png',
            size: 4,
            originalName: 'licence.png',
          },
        }),
      );
    } else if (req.url?.endsWith('/meta')) {
      res.end(
        JSON.stringify({
          code: 200,
          msg: '',
          data: {
            id: 'x',
            kind: 'businessLicense',
            contentType: 'image/png',
            size: 4,
            originalName: 'licence.png',
          },
        }),
      );
    } else {
      res.end(JSON.stringify({ code: 100404, msg: 'not found', data: null }));
    }
  });
});

let transport: UploadTransport;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  transport = createUploadTransport({
    baseURL: origin,
    getToken: () => 'token-123',
    getLocale: () => 'en-us',
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
  failNext = 0;
  chooseLocale('en-us');
});
afterEach(cleanup);

const changes: Array<string | null> = [];
function Harness() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <UploadField
      label="Business licence"
      kind="businessLicense"
      value={value}
      onChange={(id) => {
        changes.push(id);
        setValue(id);
      }}
      transport={transport}
    />
  );
}

function renderField() {
  changes.length = 0;
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <Harness />
      </MantineProvider>
    </I18nProvider>,
  );
}

function choose(file: File) {
  const input = screen.getByLabelText('Business licence', { selector: 'input' });
  fireEvent.change(input, { target: { files: [file] } });
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'licence.png', { type: 'image/png' });

describe('upload field', () => {
  it('refuses a file of the wrong type in the browser, without sending it', async () => {
    renderField();
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Only JPG, JPEG, PNG or PDF files can be uploaded')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('refuses a file over the size limit in the browser, naming the limit', async () => {
    renderField();
    choose(new File([new Uint8Array(Limits.upload.maxBytes + 1)], 'big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(`The file is larger than ${Limits.upload.maxMegabytes} MB`)).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('uploads with the client headers and the kind, then shows the stored file with replace and delete', async () => {
    renderField();
    choose(png());
    await waitFor(() => expect(changes).toEqual(['00000000-0000-4000-8000-00000000f001']));
    const post = seen.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/plat/files');
    expect(post.headers['authorization']).toBe('Bearer token-123');
    expect(post.headers['language']).toBe('1');
    expect(post.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(await screen.findByText('licence.png')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(changes.at(-1)).toBeNull());
    await waitFor(() => expect(seen.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('reports upload progress up to the whole file', async () => {
    const fractions: number[] = [];
    const outcome = await transport.upload(png(), 'businessLicense', (f) => fractions.push(f));
    expect(outcome.kind).toBe('uploaded');
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions.at(-1)).toBe(1);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
  });

  it('shows "Upload failed" on a transport failure and uploads the same file on retry', async () => {
    failNext = 1;
    renderField();
    choose(png());
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(changes).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry upload' }));
    await waitFor(() => expect(changes).toEqual(['00000000-0000-4000-8000-00000000f001']));
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(2);
  });
});
