// Stage 2 after the code's 3 minutes: the page says the code has expired (not just "Resend code"),
// and "Resend code" asks for a new code without a slider token and stays on stage 2.
import '../support/jsdomBrowser';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ApiOutcome } from '../../../machines/accountOutcome';
import {
  registrationMachine,
  type SendCodeInput,
  type SendCodeResult,
} from '../../../machines/registration.machine';
import { Limits } from '../../../src/contract/limits';
import { VerificationStep } from '../../../src/web/features/auth/register/VerificationStep';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { renderWithProviders } from '../verification/renderWithProviders';
import { registrationInfo } from '../../machines/support/registrationInfo';

const EXPIRED_TEXT = 'The code has expired. Send a new one.';

const info = registrationInfo;

function startAtStageTwo() {
  const clock = new SimulatedClock();
  const sends: SendCodeInput[] = [];
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        'send code': fromPromise<ApiOutcome<SendCodeResult>, SendCodeInput>(async ({ input }) => {
          sends.push(input);
          return { kind: 'ok', data: { sentAt: clock.now() } };
        }),
      },
      actions: { 'refresh puzzle': () => {} },
    }),
    { clock },
  ).start();
  actor.send({ type: 'captcha.solved' });
  actor.send({ type: 'user.submitInfo', info });
  return { actor, clock, sends };
}

const codeState = (actor: ReturnType<typeof startAtStageTwo>['actor']) =>
  (actor.getSnapshot().value as { verification?: { code: string } }).verification?.code;

beforeEach(() => chooseLocale('en-us'));

describe('registration stage 2, expired code', () => {
  it('shows the expiry only once the code has expired, and the resend stays on stage 2 without a slider token', async () => {
    const { actor, clock, sends } = startAtStageTwo();
    renderWithProviders(<VerificationStep registration={actor} password={() => 'Secret#2024'} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    await waitFor(actor, (s) => s.matches({ verification: { code: 'fresh' } }));

    act(() => clock.increment(Limits.emailCode.resendAfterMs));
    expect(codeState(actor)).toBe('resendable');
    await screen.findByRole('button', { name: 'Resend code' });
    expect(screen.queryByText(EXPIRED_TEXT)).toBeNull();

    act(() => clock.increment(Limits.emailCode.validMs - Limits.emailCode.resendAfterMs));
    expect(codeState(actor)).toBe('expired');
    expect((await screen.findByRole('status')).textContent).toBe(EXPIRED_TEXT);

    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(actor, (s) => s.matches({ verification: { code: 'fresh' } }));
    expect(sends.map((s) => s.withSliderToken)).toEqual([true, false]);
    expect(actor.getSnapshot().matches('verification')).toBe(true);
    await screen.findByRole('button', { name: /Resend in/ });
    expect(screen.queryByText(EXPIRED_TEXT)).toBeNull();
  });
});
