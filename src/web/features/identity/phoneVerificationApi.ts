// The phone's QR verification calls (src/contract/api/verification.ts) in the terms of
// machines/identityVerification. The scan token works once, so the phone key it returns is kept in
// sessionStorage per token: reopening the same link on the same phone resumes instead of failing.
import type { ApiOutcome } from '../../../../machines/accountOutcome';
import type {
  CapturedImage,
  CaptureSource,
  PhoneSessionOpened,
  PhoneSessionView,
} from '../../../../machines/identityVerification.machine';
import {
  VerificationPaths,
  type PhoneScanResult,
  type PhoneVerificationView,
} from '../../../contract/api/verification';
import { Codes } from '../../../contract/codes';
import { LANGUAGE_HEADER, languageHeaderFor, type Envelope, type Locale } from '../../../contract/envelope';
import { Limits } from '../../../contract/limits';
import { codeNameOf, outcomeOf } from '../../api/accounts';
import { DEFAULT_PREFIX, type ApiClient } from '../../api/client';

const KEY_STORAGE_PREFIX = 'identityVerification.phoneKey.';

export function toPhoneView(view: PhoneVerificationView): PhoneSessionView {
  const left = Date.parse(view.expiresAt) - Date.parse(view.serverTime);
  return {
    state: view.state,
    companyName: view.companyName,
    subjectName: view.subjectName,
    consentAt: view.consentAt,
    validForMs: Number.isFinite(left) ? Math.max(left, 0) : Limits.qr.validAfterScanMs,
    outcomeReason: view.outcomeReason,
    attemptsLeft: view.attemptsLeft,
    challenge: view.challenge,
  };
}

function mapOutcome(answer: Envelope<PhoneVerificationView>): ApiOutcome<PhoneSessionView> {
  const outcome = outcomeOf(answer);
  return outcome.kind === 'ok' ? { kind: 'ok', data: toPhoneView(outcome.data) } : outcome;
}

/** Reads a Blob (or File) through whichever API this Blob offers. */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('file read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * The capture as multipart/form-data: fields `key` and `source` first (the server reads them before
 * any frame, and judges each frame by its source's limits), then every frame as a part `frame`.
 * Built by hand rather than with FormData so the part order and the bytes are the same in every
 * browser and in jsdom.
 */
async function multipartBody(
  phoneKey: string,
  source: CaptureSource,
  frames: readonly CapturedImage[],
): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  // getRandomValues, unlike randomUUID, also exists outside secure contexts (a phone on plain http).
  const random = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  const boundary = `----face-capture-${random}`;
  const encoder = new TextEncoder();
  const pieces: Uint8Array[] = [
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\n${phoneKey}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\n${source}\r\n`,
    ),
  ];
  for (const [index, frame] of frames.entries()) {
    const name = `frame${index}.${frame.type === 'image/png' ? 'png' : 'jpg'}`;
    pieces.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="frame"; filename="${name}"\r\n` +
          `Content-Type: ${frame.type}\r\n\r\n`,
      ),
      new Uint8Array(await bytesOf(frame.blob)),
      encoder.encode('\r\n'),
    );
  }
  pieces.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(new ArrayBuffer(pieces.reduce((n, piece) => n + piece.length, 0)));
  let at = 0;
  for (const piece of pieces) {
    body.set(piece, at);
    at += piece.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface PhoneApiDeps {
  api: ApiClient;
  /** Origin for the multipart upload, which goes through fetch directly ('' in the browser). */
  baseURL: string;
  getLocale: () => Locale;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

export function createPhoneVerificationApi({ api, baseURL, getLocale, storage }: PhoneApiDeps) {
  const page = { isPageHandle: true } as const;
  const keep = (token: string, key: string) => {
    try {
      storage?.setItem(KEY_STORAGE_PREFIX + token, key);
    } catch {
      // No storage (private mode): a reload of this page will need a new code.
    }
  };
  const kept = (token: string) => {
    try {
      return storage?.getItem(KEY_STORAGE_PREFIX + token) ?? null;
    } catch {
      return null;
    }
  };

  return {
    async openSession({ token }: { token: string }): Promise<ApiOutcome<PhoneSessionOpened>> {
      const key = kept(token);
      if (key) {
        const resumed = mapOutcome(
          await api.get<PhoneVerificationView, typeof page>(VerificationPaths.phone, { key }, page),
        );
        if (resumed.kind === 'ok') return { kind: 'ok', data: { ...resumed.data, phoneKey: key } };
        if (resumed.code !== 'notFound') return resumed;
      }
      const answer = await api.post<PhoneScanResult, typeof page>(VerificationPaths.scan, { token }, page);
      const outcome = outcomeOf(answer);
      if (outcome.kind !== 'ok') return outcome;
      keep(token, outcome.data.phoneKey);
      return { kind: 'ok', data: { ...toPhoneView(outcome.data), phoneKey: outcome.data.phoneKey } };
    },
    async recordConsent({ phoneKey }: { phoneKey: string }) {
      return mapOutcome(
        await api.post<PhoneVerificationView, typeof page>(
          VerificationPaths.consent,
          { key: phoneKey, accepted: true },
          page,
        ),
      );
    },
    async cancel({ phoneKey }: { phoneKey: string }) {
      return mapOutcome(
        await api.post<PhoneVerificationView, typeof page>(VerificationPaths.cancel, { key: phoneKey }, page),
      );
    },
    /** Multipart (the API client sends JSON and forms only): key and source, then the frames. A
     *  failed check (faceCheckFailed) carries the session's view: an answer, not a refusal. */
    async uploadCapture({
      phoneKey,
      source,
      frames,
    }: {
      phoneKey: string;
      source: CaptureSource;
      frames: readonly CapturedImage[];
    }): Promise<ApiOutcome<PhoneSessionView>> {
      const { body: form, contentType } = await multipartBody(phoneKey, source, frames);
      const response = await fetch(`${baseURL}${DEFAULT_PREFIX}${VerificationPaths.capture}`, {
        method: 'POST',
        headers: { [LANGUAGE_HEADER]: languageHeaderFor(getLocale()), 'content-type': contentType },
        body: form,
      });
      const body = (await response.json()) as Envelope<PhoneVerificationView>;
      if (typeof body?.code !== 'number' && typeof body?.code !== 'string')
        throw new Error(`upload answered ${response.status}`);
      if (body.code === Codes.faceCheckFailed.code && body.data) {
        return { kind: 'ok', data: toPhoneView(body.data) };
      }
      const outcome = mapOutcome(body);
      return outcome.kind === 'ok' ? outcome : { kind: 'refused', code: codeNameOf(body.code) };
    },
  };
}

export type PhoneVerificationApi = ReturnType<typeof createPhoneVerificationApi>;
