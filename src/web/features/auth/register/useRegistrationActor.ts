// The one place the registration flow's effects are wired in: the code, register and activation
// calls, the slider it hosts (whose token the first code send takes from here: the chart only
// knows the slider is solved), and the invitation code a valid partner link left behind.
import { useActorRef } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import {
  registrationMachine,
  type RegisterInput,
  type SendCodeInput,
  type SendCodeResult,
} from '../../../../../machines/registration.machine';
import type { AccountsApi } from '../../../api/accounts';
import { getLocale } from '../../../i18n/localeStore';
import { REGISTER_LINK_STORE_KEY } from '../../../shell/businessInfoCheck';
import { providedCaptchaMachine } from '../../captcha/captchaActors';
import { accountsApi } from '../shared/accountsApi';
import { useCaptchaForwarding } from '../shared/useCaptchaForwarding';
import { useDiagnosticSource } from '../../support/diagnostics/useDiagnosticSource';

/** The partner link the shell found valid (businessInfo query) pre-fills the invitation code. */
export function storedInvitationCode(): string {
  try {
    return sessionStorage.getItem(REGISTER_LINK_STORE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function useRegistrationActor(accounts: AccountsApi = accountsApi) {
  const captcha = useActorRef(providedCaptchaMachine(accounts));
  const sliderToken = useRef<string | null>(null);
  const registration = useActorRef(
    registrationMachine.provide({
      actors: {
        'send code': fromPromise<ApiOutcome<SendCodeResult>, SendCodeInput>(({ input }) =>
          accounts.sendRegistrationCode({
            email: input.email,
            captchaToken: input.withSliderToken ? sliderToken.current : null,
            locale: getLocale(),
          }),
        ),
        register: fromPromise<ApiOutcome<unknown>, RegisterInput>(({ input }) => accounts.register(input)),
        'resend activation mail': fromPromise<ApiOutcome<unknown>, { email: string }>(({ input }) =>
          accounts.resendActivation(input.email),
        ),
      },
      actions: { 'refresh puzzle': () => captcha.send({ type: 'captcha.reset' }) },
    }),
  );
  useCaptchaForwarding(captcha, registration, sliderToken);
  useDiagnosticSource('registration', registration);
  return { registration, captcha };
}

export type RegistrationActorRef = ReturnType<typeof useRegistrationActor>['registration'];
