// The phone's QR verification calls (src/contract/api/verification.ts) in the terms of
// machines/identityVerification. The scan token works once, so the phone key it returns is kept in
// sessionStorage per token: reopening the same link on the same phone resumes instead of failing.
import type { ApiOutcome } from '../../../../machines/accountOutcome';
import type {
  CapturedImage,
  PhoneSessionOpened,
  PhoneSessionView,
} from '../../../../machines/identityVerification.machine';
import {
  VerificationPaths,
  type PhoneScanResult,
  type PhoneVerificationView,
} from '../../../contract/api/verification';
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
  };
}

function mapOutcome(answer: Envelope<PhoneVerificationView>): ApiOutcome<PhoneSessionView> {
  const outcome = outcomeOf(answer);
  return outcome.kind === 'ok' ? { kind: 'ok', data: toPhoneView(outcome.data) } : outcome;
}

export interface PhoneApiDeps {
  api: ApiClient;
  /** Origin for the multipart upload, which goes through fetch directly ('' in the browser). */
  baseURL: string;
  getLocale(): Locale;
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
    /** Multipart (the API client sends JSON and forms only): the key first, then the file. */
    async uploadCapture({
      phoneKey,
      image,
    }: {
      phoneKey: string;
      image: CapturedImage;
    }): Promise<ApiOutcome<PhoneSessionView>> {
      const form = new FormData();
      form.append('key', phoneKey);
      form.append('file', image.blob, image.type === 'image/png' ? 'face.png' : 'face.jpg');
      const response = await fetch(`${baseURL}${DEFAULT_PREFIX}${VerificationPaths.capture}`, {
        method: 'POST',
        headers: { [LANGUAGE_HEADER]: languageHeaderFor(getLocale()) },
        body: form,
      });
      const body = (await response.json()) as Envelope<PhoneVerificationView>;
      if (typeof body?.code !== 'number' && typeof body?.code !== 'string')
        throw new Error(`upload answered ${response.status}`);
      const outcome = mapOutcome(body);
      return outcome.kind === 'ok' ? outcome : { kind: 'refused', code: codeNameOf(body.code) };
    },
  };
}

export type PhoneVerificationApi = ReturnType<typeof createPhoneVerificationApi>;
