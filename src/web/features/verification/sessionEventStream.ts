// The server-sent events of one verification session, as the 'subscribe to session events' actor of
// machines/qrSessionLive. Read with fetch (not EventSource) because the stream needs the
// Authorization and language headers. Reports live.connected once the stream is open, each state
// message as a session.* event, and live.lost exactly once when the stream fails or ends; the chart
// decides whether to reconnect (resuming with Last-Event-ID) or to poll.
import { fromCallback } from 'xstate';
import type { QrSessionLiveEvent, QrSessionLiveInput } from '../../../../machines/qrSessionLive.machine';
import {
  VERIFICATION_STREAM_EVENT,
  VerificationPaths,
  type VerificationStreamEvent,
} from '../../../contract/api/verification';
import { DEFAULT_PREFIX } from '../../api/client';
import { toSessionUpdate } from './verificationApi';

export interface SessionEventStreamDeps {
  /** Origin the paths are resolved against; '' in the browser. */
  baseURL: string;
  /** Authorization and language headers, read at each (re)connect. */
  headers(): Record<string, string>;
  now?: () => number;
}

interface SseMessage {
  event: string;
  data: string;
}

/** Splits a chunked text/event-stream into messages; keeps an incomplete tail for the next chunk. */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk;
    const blocks = buffer.split(/\r?\n\r?\n/);
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith(':')) continue; // heartbeat comment
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onMessage({ event, data: data.join('\n') });
    }
  };
}

export function sessionEventStreamActor(deps: SessionEventStreamDeps) {
  const now = deps.now ?? Date.now;
  return fromCallback<QrSessionLiveEvent, QrSessionLiveInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    let lost = false;
    const loseOnce = () => {
      if (lost || controller.signal.aborted) return;
      lost = true;
      sendBack({ type: 'live.lost' });
    };
    const parse = createSseParser(({ event, data }) => {
      if (event !== VERIFICATION_STREAM_EVENT) return;
      try {
        const update = toSessionUpdate(JSON.parse(data) as VerificationStreamEvent, now());
        if (update) sendBack(update);
      } catch {
        // A message this build cannot read is skipped; the next one carries the whole state again.
      }
    });

    void (async () => {
      const response = await fetch(
        `${deps.baseURL}${DEFAULT_PREFIX}${VerificationPaths.events(input.sessionId)}`,
        {
          headers: {
            ...deps.headers(),
            Accept: 'text/event-stream',
            ...(input.afterVersion > 0 ? { 'Last-Event-ID': String(input.afterVersion) } : {}),
          },
          signal: controller.signal,
        },
      );
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !response.body || !type.includes('text/event-stream')) return loseOnce();
      sendBack({ type: 'live.connected' });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parse(value);
      }
      loseOnce();
    })().catch(loseOnce);

    return () => controller.abort();
  });
}
