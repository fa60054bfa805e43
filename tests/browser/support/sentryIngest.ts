// A stand-in for Sentry's ingest on 127.0.0.1: accepts POST /api/<project>/envelope/ as the browser
// SDK sends it, keeps every envelope (raw and parsed) and lets a test wait for the one it expects.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync, gunzipSync } from 'node:zlib';

export interface EnvelopeItem {
  header: { type?: string; [key: string]: unknown };
  /** JSON items parsed; replay recordings decompressed to text; anything else as text. */
  payload: unknown;
  /** The payload as text (decompressed when it was), for "this value never left" searches. */
  text: string;
}

export interface ReceivedEnvelope {
  path: string;
  query: URLSearchParams;
  requestHeaders: IncomingHttpHeaders;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** Everything received, raw bytes decoded as UTF-8, plus every decompressed payload. */
  searchable: string;
}

export interface SentryIngest {
  /** The DSN a build and the server config use: http://publickey@127.0.0.1:<port>/<project>. */
  dsn: string;
  origin: string;
  envelopes: ReceivedEnvelope[];
  /** Resolves with the first envelope item (already received or still to come) that matches. */
  waitForItem(match: (item: EnvelopeItem) => boolean, timeoutMs?: number): Promise<EnvelopeItem>;
  /** Every item of every envelope received so far. */
  items(): EnvelopeItem[];
  close(): Promise<void>;
}

function decodePayload(type: string | undefined, bytes: Buffer): { payload: unknown; text: string } {
  if (type === 'replay_recording') {
    // '{"segment_id":N}\n' then the recording, usually zlib-compressed by the SDK's worker.
    const newline = bytes.indexOf(0x0a);
    const head = bytes.subarray(0, newline < 0 ? bytes.length : newline).toString('utf8');
    const body = newline < 0 ? Buffer.alloc(0) : bytes.subarray(newline + 1);
    let text = body.toString('utf8');
    for (const inflate of [inflateSync, gunzipSync]) {
      try {
        text = inflate(body).toString('utf8');
        break;
      } catch {
        // Not this format (or not compressed at all).
      }
    }
    return { payload: { head, recording: text }, text: `${head}\n${text}` };
  }
  const text = bytes.toString('utf8');
  try {
    return { payload: JSON.parse(text) as unknown, text };
  } catch {
    return { payload: text, text };
  }
}

/** Sentry's envelope format: a header line, then per item a header line and its payload. */
export function parseEnvelope(raw: Buffer): Pick<ReceivedEnvelope, 'header' | 'items'> {
  let offset = 0;
  const readLine = (): Buffer => {
    const end = raw.indexOf(0x0a, offset);
    const line = raw.subarray(offset, end < 0 ? raw.length : end);
    offset = end < 0 ? raw.length : end + 1;
    return line;
  };
  const header = JSON.parse(readLine().toString('utf8')) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < raw.length) {
    const headerLine = readLine().toString('utf8').trim();
    if (!headerLine) continue;
    const itemHeader = JSON.parse(headerLine) as EnvelopeItem['header'];
    let bytes: Buffer;
    if (typeof itemHeader.length === 'number') {
      bytes = raw.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (raw[offset] === 0x0a) offset += 1;
    } else {
      bytes = readLine();
    }
    items.push({ header: itemHeader, ...decodePayload(itemHeader.type, bytes) });
  }
  return { header, items };
}

export async function startSentryIngest(project = '42'): Promise<SentryIngest> {
  const envelopes: ReceivedEnvelope[] = [];
  const waiters = new Set<{
    match: (item: EnvelopeItem) => boolean;
    resolve: (item: EnvelopeItem) => void;
  }>();

  const server = createServer((req, res) => {
    // The SDK posts cross-origin from the portal's page.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'POST' || url.pathname !== `/api/${project}/envelope/`) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      try {
        const parsed = parseEnvelope(raw);
        const envelope: ReceivedEnvelope = {
          path: url.pathname,
          query: url.searchParams,
          requestHeaders: req.headers,
          ...parsed,
          searchable: [raw.toString('utf8'), ...parsed.items.map((i) => i.text)].join('\n'),
        };
        envelopes.push(envelope);
        for (const item of envelope.items) {
          for (const waiter of [...waiters]) {
            if (waiter.match(item)) {
              waiters.delete(waiter);
              waiter.resolve(item);
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const items = () => envelopes.flatMap((e) => e.items);

  return {
    dsn: `http://publickey@127.0.0.1:${port}/${project}`,
    origin: `http://127.0.0.1:${port}`,
    envelopes,
    items,
    waitForItem(match, timeoutMs = 15_000) {
      const already = items().find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          if (waiters.delete(waiter))
            reject(new Error(`no matching Sentry envelope item within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = {
          match,
          resolve: (item: EnvelopeItem) => {
            clearTimeout(timer);
            resolve(item);
          },
        };
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
