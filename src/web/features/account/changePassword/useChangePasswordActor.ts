// The one place the change-password flow's effects are wired in.
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import { changePasswordMachine, type PasswordChange } from '../../../../../machines/changePassword.machine';
import type { AccountsApi } from '../../../api/accounts';
import { accountsApi } from '../../auth/shared/accountsApi';
import { useDiagnosticSource } from '../../support/diagnostics/useDiagnosticSource';

export function useChangePasswordActor(accounts: AccountsApi = accountsApi) {
  const change = useActorRef(
    changePasswordMachine.provide({
      actors: {
        'change password': fromPromise<ApiOutcome<unknown>, PasswordChange>(({ input }) =>
          accounts.changePassword(input),
        ),
      },
    }),
  );
  useDiagnosticSource('changePassword', change);
  return change;
}
