// The one place the reset-password flow's effects are wired in: the link check, the reset call,
// and "done → /login" with a message. The link's token stays in the URL the page read it from; the
// chart learns only that there is one, and both calls take it from here.
import { useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import { resetPasswordMachine } from '../../../../../machines/passwordReset.machine';
import type { AccountsApi } from '../../../api/accounts';
import { toasts } from '../../../shell/toast/toastStore';
import { accountsApi } from '../shared/accountsApi';
import { useDiagnosticSource } from '../../support/diagnostics/useDiagnosticSource';

export function useResetPasswordActor(token: string | null, accounts: AccountsApi = accountsApi) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const reset = useActorRef(
    resetPasswordMachine.provide({
      actors: {
        'check reset link': fromPromise<ApiOutcome<unknown>, void>(() =>
          accounts.checkResetLink(token ?? ''),
        ),
        'reset password': fromPromise<ApiOutcome<unknown>, { newPassword: string }>(({ input }) =>
          accounts.resetPassword({ token: token ?? '', newPassword: input.newPassword }),
        ),
      },
      actions: {
        'go to login': () => {
          toasts.show(t`Your password has been reset. Please log in with the new password.`, 'success');
          navigate('/login', { replace: true });
        },
      },
    }),
    { input: { hasToken: token !== null && token !== '' } },
  );
  useDiagnosticSource('resetPassword', reset);
  return reset;
}
