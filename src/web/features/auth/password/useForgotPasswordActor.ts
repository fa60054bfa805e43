// The one place the forgot-password flow's effects are wired in: the reset-mail call and its slider
// (whose token the call takes from here: the chart only knows the slider is solved).
import { useActorRef } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import { forgotPasswordMachine } from '../../../../../machines/passwordReset.machine';
import type { AccountsApi } from '../../../api/accounts';
import { getLocale } from '../../../i18n/localeStore';
import { providedCaptchaMachine } from '../../captcha/captchaActors';
import { accountsApi } from '../shared/accountsApi';
import { useCaptchaForwarding } from '../shared/useCaptchaForwarding';
import { useDiagnosticSource } from '../../support/diagnostics/useDiagnosticSource';

export function useForgotPasswordActor(accounts: AccountsApi = accountsApi) {
  const captcha = useActorRef(providedCaptchaMachine(accounts));
  const sliderToken = useRef<string | null>(null);
  const forgot = useActorRef(
    forgotPasswordMachine.provide({
      actors: {
        'send reset mail': fromPromise<ApiOutcome<unknown>, { email: string }>(({ input }) =>
          accounts.forgot({ ...input, captchaToken: sliderToken.current ?? '', locale: getLocale() }),
        ),
      },
      actions: { 'refresh puzzle': () => captcha.send({ type: 'captcha.reset' }) },
    }),
  );
  useCaptchaForwarding(captcha, forgot, sliderToken);
  useDiagnosticSource('forgotPassword', forgot);
  return { forgot, captcha };
}
