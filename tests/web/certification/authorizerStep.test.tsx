// The authorizer step in jsdom, driven by the real wizard chart and its real QR verification child
// (their effects faked): "none of these" cannot be left before the face verification, and a fresh
// verification lets it go. Regression: the verified session reached the chart but not the step's
// form, whose schema requires it, so Next kept saying "Please complete the QR face verification".
import '../support/jsdomBrowser';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor as waitForState } from 'xstate';
import type { ApiOutcome } from '../../../machines/accountOutcome';
import {
  certificationMachine,
  type SaveOutcome,
  type SaveStepInput,
  type WizardView,
} from '../../../machines/certification.machine';
import type { QrSessionLiveEvent, SessionUpdateEvent } from '../../../machines/qrSessionLive.machine';
import {
  followSession,
  qrVerificationMachine,
  type ShownCode,
} from '../../../machines/qrVerification.machine';
import { idCardCheckCharacter } from '../../../src/contract/validators/mainlandIdCard';
import { AuthorizerStep } from '../../../src/web/features/certification/steps/AuthorizerStep';
import { createUploadTransport } from '../../../src/web/features/uploads/uploadTransport';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { SESSION_ID } from '../verification/fixtures';

const transport = createUploadTransport({
  baseURL: 'http://127.0.0.1:9',
  getToken: () => null,
  getLocale: () => 'en-us',
});

const MISSING = 'Please complete the QR face verification';

const fileId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/** Every field of "none of these" filled and valid, as a draft holds it before the verification. */
const authorizerDraft = {
  choice: 'none',
  beneficiaryIndex: '',
  person: {
    nationality: 'CN',
    document: {
      type: 'idCard',
      number: `44030419900101123${idCardCheckCharacter('44030419900101123')}`,
      frontFileId: fileId(1),
      backFileId: fileId(2),
    },
    surnameChinese: '李',
    givenNameChinese: '娜',
    surnameEnglish: 'Li',
    givenNameEnglish: 'Na',
    residenceAddress: 'No. 1 Jianguo Road, Chaoyang District, Beijing',
    mobileAreaCode: '+86',
    mobile: '13800138000',
    shareholdingRatio: 0,
    proofOfAddressFileId: fileId(3),
  },
  authorizationLetterFileId: fileId(4),
};

const shownCode: ShownCode = {
  sessionId: SESSION_ID,
  link: 'http://127.0.0.1/identityVerification?session=token',
  version: 1,
  shownAt: Date.now(),
  regenerateInMs: 120_000,
};

/** The wizard on the authorizer step; `phoneVerifies()` is the server streaming the scan verified. */
async function authorizerStep() {
  const saved: SaveStepInput[] = [];
  let stream: ((event: QrSessionLiveEvent) => void) | null = null;
  const view: WizardView = {
    authorizerStepApplies: true,
    location: 'CN',
    registeredLocation: 'CN',
    currentStep: 'uploadAuthorizerInfo',
    draft: { uploadAuthorizerInfo: authorizerDraft },
    review: null,
  };
  const qrVerification = qrVerificationMachine.provide({
    actors: {
      'create session': fromPromise<ApiOutcome<ShownCode>, { subjectName: string }>(async () => ({
        kind: 'ok',
        data: shownCode,
      })),
      'close session': fromPromise<ApiOutcome<unknown>, { sessionId: string }>(async () => ({
        kind: 'ok',
        data: null,
      })),
      // The live follower as the app wires it, its event stream faked: what the "server" streams
      // reaches the dialog's chart through the real follower.
      'follow session': followSession.provide({
        actors: {
          'subscribe to session events': fromCallback<
            QrSessionLiveEvent,
            { sessionId: string; afterVersion: number }
          >(({ sendBack }) => {
            stream = sendBack;
            sendBack({ type: 'live.connected' });
            return () => {
              stream = null;
            };
          }),
          'fetch session': fromPromise<SessionUpdateEvent | null, { sessionId: string }>(async () => null),
        },
      }),
    },
    actions: { 'copy link': () => {} },
  });
  const actor = createActor(
    certificationMachine.provide({
      actors: {
        'load application': fromPromise<WizardView, void>(async () => view),
        'save step': fromPromise<SaveOutcome, SaveStepInput>(async ({ input }) => {
          saved.push(input);
          return { kind: 'saved' };
        }),
        'qr verification': qrVerification,
      },
      actions: { 'show place': () => {}, 'record submission': () => {} },
    }),
  ).start();
  await waitForState(actor, (s) => s.matches({ wizard: { uploadAuthorizerInfo: 'editing' } }));
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <AuthorizerStep actor={actor} transport={transport} downloadTemplate={() => {}} />
      </MantineProvider>
    </I18nProvider>,
  );

  const phoneVerifies = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Verify by scanning the QR code' }));
    await waitFor(() => expect(stream).not.toBeNull());
    const verified: SessionUpdateEvent = {
      type: 'session.verified',
      sessionId: SESSION_ID,
      version: 4,
      seenAt: Date.now(),
      validForMs: 540_000,
      outcomeReason: null,
    };
    act(() => stream!(verified));
    await screen.findByText('Face verification passed');
  };
  return { actor, saved, phoneVerifies };
}

beforeEach(() => chooseLocale('en-us'));
afterEach(cleanup);

describe('authorizer step: none of these', { timeout: 60_000 }, () => {
  it('Next before the QR face verification stays on the step and says what is missing', async () => {
    const { actor, saved } = await authorizerStep();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MISSING)).toBeTruthy();
    expect(actor.getSnapshot().matches({ wizard: { uploadAuthorizerInfo: 'editing' } })).toBe(true);
    expect(saved).toEqual([]);
  });

  it('after a fresh verification, Next saves the step with the verified session and moves on', async () => {
    const { actor, saved, phoneVerifies } = await authorizerStep();
    await phoneVerifies();
    expect(actor.getSnapshot().context.verificationId).toBe(SESSION_ID);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Whichever comes first, the save or the form's refusal; then say which it was.
    await waitFor(() => expect(saved.length > 0 || screen.queryByText(MISSING) !== null).toBe(true));
    expect(screen.queryByText(MISSING)).toBeNull();
    await waitForState(actor, (s) => s.matches({ wizard: 'uploadOtherInfo' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      step: 'uploadAuthorizerInfo',
      complete: true,
      values: { choice: 'none', verificationSessionId: SESSION_ID },
    });
  });
});
