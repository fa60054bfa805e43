// A real S3-compatible server for the S3 storage driver's tests (issue 18 §2): s3rver (npm, runs in
// this process, keeps objects in a temp folder), on 127.0.0.1 at a port chosen at start, with the
// portal's bucket made. stop() makes it unreachable (a store that is down); start it again with
// restart() on the same port and folder. slowS3Endpoint() accepts connections and never answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config, StorageConfig } from '../../src/server/storage/storageConfig';

export const TEST_BUCKET = 'portal-files';

export interface S3TestServer {
  endpoint: string;
  /** The portal's storage settings pointing at this server (`s3` overrides merged in). */
  storage(s3?: Partial<S3Config>): StorageConfig;
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

export function s3Settings(endpoint: string, s3: Partial<S3Config> = {}): StorageConfig {
  return {
    driver: 's3',
    s3: {
      bucket: TEST_BUCKET,
      endpoint,
      region: 'us-east-1',
      keyPrefix: 'files/',
      forcePathStyle: true,
      // s3rver's own fixed credentials: it checks the request signatures with them.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      timeoutMs: 5_000,
      maxAttempts: 2,
      ...s3,
    },
  };
}

export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const make = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_BUCKET }],
    });
  let server: S3rver | null = make(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server?.close();
    server = null;
  };
  return {
    endpoint,
    storage: (s3) => s3Settings(endpoint, s3),
    stop,
    async restart() {
      await stop();
      server = make(port);
      await server.run();
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** An address that takes connections and requests and never answers: a store that hangs. */
export async function slowS3Endpoint(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => {}); // read and ignore
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface RecordedRequest {
  method: string;
  url: string;
  /** Bytes of the request body: a multipart part, or a whole object for a single PUT. */
  bodyBytes: number;
}

/**
 * A pass-through proxy (node:http) in front of an S3 server that records every request: which
 * calls the driver made and how large each body was (a streamed multipart upload never sends the
 * whole file in one request).
 */
export async function recordingProxy(
  target: string,
): Promise<{ endpoint: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const to = new URL(target);
  const server = createHttpServer((req, res) => {
    const record: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', bodyBytes: 0 };
    requests.push(record);
    const upstream = httpRequest(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.on('data', (chunk: Buffer) => {
      record.bodyBytes += chunk.length;
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
