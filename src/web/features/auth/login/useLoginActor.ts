// The one place the login flow's effects are wired in (docs/style.md): the sign-in call (password
// encrypted on the way), the session store, navigation home, and the slider it hosts (whose token
// the sign-in call takes from here: the chart only knows the slider is solved).
import { useActorRef } from '@xstate/react';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import { loginMachine, type LoginCredentials } from '../../../../../machines/login.machine';
import type { LoginResult } from '../../../../contract/api/accounts';
import type { AccountsApi } from '../../../api/accounts';
import { signIn } from '../../../session/appSession';
import { providedCaptchaMachine } from '../../captcha/captchaActors';
import { accountsApi } from '../shared/accountsApi';
import { sessionUserFrom } from '../shared/sessionUser';
import { useCaptchaForwarding } from '../shared/useCaptchaForwarding';
import { useDiagnosticSource } from '../../support/diagnostics/useDiagnosticSource';

export function useLoginActor(accounts: AccountsApi = accountsApi) {
  const [, navigate] = useLocation();
  const captcha = useActorRef(providedCaptchaMachine(accounts));
  const sliderToken = useRef<string | null>(null);
  const login = useActorRef(
    loginMachine.provide({
      actors: {
        'sign in': fromPromise<ApiOutcome<LoginResult>, LoginCredentials>(({ input }) =>
          accounts.login({ ...input, captchaToken: sliderToken.current ?? '' }),
        ),
      },
      actions: {
        'start session': (_, result) => {
          signIn(sessionUserFrom(result));
          navigate('/', { replace: true });
        },
        'refresh puzzle': () => captcha.send({ type: 'captcha.reset' }),
      },
    }),
  );
  useCaptchaForwarding(captcha, login, sliderToken);
  useDiagnosticSource('login', login);
  return { login, captcha };
}
