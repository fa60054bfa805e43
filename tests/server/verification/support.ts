// Shared by the verification tests: real HTTP calls against a test app, the desktop and phone steps,
// face images, and a reader for the server-sent event stream.
import type { FastifyInstance } from 'fastify';
import {
  FaceCaptureRules,
  VerificationPaths,
  type PhoneScanResult,
  type PhoneVerificationView,
  type VerificationSessionCreated,
  type VerificationSessionView,
  type VerificationStreamEvent,
} from '../../../src/contract/api/verification';
import type { Envelope } from '../../../src/contract/envelope';
import { png } from '../../fixtures/files/samples';
import type { SignedIn } from '../../support/sessions';
import type { TestApp } from '../../support/testApp';

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

export async function call<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  opts: { who?: SignedIn; json?: unknown; form?: FormData } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(opts.who?.headers ?? {}), language: '1' };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const res = await fetch(`${t.url}/plat${path}`, { method, headers, body });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

/** The same call through another instance (no port of its own: inject). */
export async function callVia<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  opts: { who?: SignedIn; json?: unknown } = {},
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url: `/plat${path}`,
    headers: { ...(opts.who?.headers ?? {}), language: '1' },
    ...(opts.json !== undefined ? { payload: opts.json as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('session');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

export async function openSession(t: TestApp, who: SignedIn, subjectName = 'Zhang San') {
  const answer = await call<VerificationSessionCreated>(t, 'POST', VerificationPaths.sessions, {
    who,
    json: { purpose: 'authorizer', subjectName },
  });
  if (answer.status !== 200) throw new Error(`create failed: ${JSON.stringify(answer)}`);
  return answer.body.data;
}

export const scan = (t: TestApp, token: string) =>
  call<PhoneScanResult>(t, 'POST', VerificationPaths.scan, { json: { token } });

export const consent = (t: TestApp, key: string) =>
  call<PhoneVerificationView>(t, 'POST', VerificationPaths.consent, { json: { key, accepted: true } });

export const cancel = (t: TestApp, key: string) =>
  call<PhoneVerificationView>(t, 'POST', VerificationPaths.cancel, { json: { key } });

export const phone = (t: TestApp, key: string) =>
  call<PhoneVerificationView>(t, 'GET', `${VerificationPaths.phone}?key=${encodeURIComponent(key)}`);

export const desktop = (t: TestApp, who: SignedIn, id: string) =>
  call<VerificationSessionView>(t, 'GET', VerificationPaths.session(id), { who });

/**
 * A capture as the phone sends it: `key` and `source` first, then the frames. From the camera by
 * default, with the fewest frames the server takes (copies of `file`); `source: 'file'` sends one
 * photo as the file picker does.
 */
export function capture(
  t: TestApp,
  key: string,
  file: Buffer,
  opts: { source?: 'camera' | 'file'; frames?: Buffer[]; filename?: string } = {},
) {
  const source = opts.source ?? 'camera';
  const frames =
    opts.frames ??
    (source === 'camera' ? Array.from({ length: FaceCaptureRules.camera.minFrames }, () => file) : [file]);
  const form = new FormData();
  form.append('key', key);
  form.append('source', source);
  frames.forEach((frame, i) =>
    form.append('frame', new Blob([new Uint8Array(frame)]), opts.filename ?? `frame${i}.png`),
  );
  return call<PhoneVerificationView>(t, 'POST', VerificationPaths.capture, { form });
}

/** The file picker's photo as a client before issue 16 sent it: `key` and one part `file`, no source. */
export function legacyCapture(t: TestApp, key: string, file: Buffer) {
  const form = new FormData();
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(file)]), 'face.png');
  return call<PhoneVerificationView>(t, 'POST', VerificationPaths.capture, { form });
}

/** A real PNG big enough to be a face photo. */
export const faceImage = () => png(240, 260);

/** A session scanned (and consented, unless told not to): its id and the phone key. */
export async function scannedSession(t: TestApp, who: SignedIn, opts: { consent?: boolean } = {}) {
  const created = await openSession(t, who);
  const scanned = await scan(t, tokenOf(created.link));
  if (scanned.status !== 200) throw new Error(`scan failed: ${JSON.stringify(scanned)}`);
  const key = scanned.body.data.phoneKey;
  if (opts.consent !== false) await consent(t, key);
  return { id: created.sessionId, key, created };
}

export interface StreamMessage {
  id: string | null;
  event: string | null;
  data: VerificationStreamEvent;
}

/** An open event stream read over real HTTP; `next()` waits for the next message (not comments). */
export async function openStream(
  t: TestApp,
  who: SignedIn,
  id: string,
  extraHeaders: Record<string, string> = {},
) {
  const controller = new AbortController();
  const res = await fetch(`${t.url}/plat${VerificationPaths.events(id)}`, {
    headers: { ...who.headers, accept: 'text/event-stream', ...extraHeaders },
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) {
    controller.abort();
    throw new Error(`the event stream was refused: HTTP ${res.status}`);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const messages: StreamMessage[] = [];

  async function readMessage(): Promise<StreamMessage> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields: Record<string, string> = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':') || line === '') continue;
          const colon = line.indexOf(':');
          fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
        }
        if (fields['data'] === undefined) continue; // retry: or a comment
        return { id: fields['id'] ?? null, event: fields['event'] ?? null, data: JSON.parse(fields['data']) };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the event stream ended');
      buffer += value;
    }
  }

  return {
    contentType: res.headers.get('content-type'),
    messages,
    /** The next message, or a failure after `ms`. */
    async next(ms = 5000): Promise<StreamMessage> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms);
      });
      try {
        const message = await Promise.race([readMessage(), timeout]);
        messages.push(message);
        return message;
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      controller.abort();
      reader.cancel().catch(() => undefined);
    },
  };
}

/** A stream request that is expected to be refused: its status and content type. */
export async function refusedStream(t: TestApp, who: SignedIn, id: string) {
  const res = await fetch(`${t.url}/plat${VerificationPaths.events(id)}`, { headers: who.headers });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    body: (await res.json()) as Envelope,
  };
}
