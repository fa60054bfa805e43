// The one place the reset-password flow's effects are wired in: the link check, the reset call,
// and "done → /login" with a message.
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
        'check reset link': fromPromise<ApiOutcome<unknown>, { token: string }>(({ input }) =>
          accounts.checkResetLink(input.token),
        ),
        'reset password': fromPromise<ApiOutcome<unknown>, { token: string; newPassword: string }>(
          ({ input }) => accounts.resetPassword(input),
        ),
      },
      actions: {
        'go to login': () => {
          toasts.show(t`Your password has been reset. Please log in with the new password.`, 'success');
          navigate('/login', { replace: true });
        },
      },
    }),
    { input: { token } },
  );
  useDiagnosticSource('resetPassword', reset);
  return reset;
}
