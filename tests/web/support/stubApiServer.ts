// A real HTTP server on 127.0.0.1 (port chosen at run time) that records each request and answers
// what the test scripted for its path. Stands in for the portal API in API-client tests.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Answer = (res: ServerResponse, req: RecordedRequest) => void;

export function json(status: number, value: unknown): Answer {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(value));
  };
}

export function envelope(code: number | string, data: unknown = null, msg = '', status = 200): Answer {
  return json(status, { code, msg, data });
}

/** Never answers (until the server closes): for timeout and cancellation tests. */
export const hang: Answer = () => {};

export async function startStubApi() {
  const answers = new Map<string, Answer>();
  const requests: RecordedRequest[] = [];
  const arrived: Array<() => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      arrived.splice(0).forEach((notify) => notify());
      const path = recorded.url.split('?')[0] ?? '';
      const answer = answers.get(path) ?? envelope(200, { path });
      answer(res, recorded);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answer(path: string, answer: Answer) {
      answers.set(path, answer);
    },
    /** Resolves once `count` requests in total have arrived. */
    async waitForRequests(count: number) {
      while (requests.length < count) await new Promise<void>((r) => arrived.push(r));
    },
    reset() {
      answers.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
