// The one place the activation page's effects are wired in: the activate and resend calls.
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import { activationMachine } from '../../../../../machines/activation.machine';
import type { AccountsApi } from '../../../api/accounts';
import { accountsApi } from '../shared/accountsApi';
import { useDiagnosticSource } from '../../support/diagnostics/useDiagnosticSource';

export function useActivationActor(token: string | null, accounts: AccountsApi = accountsApi) {
  const activation = useActorRef(
    activationMachine.provide({
      actors: {
        'activate account': fromPromise<ApiOutcome<unknown>, { token: string }>(({ input }) =>
          accounts.activate(input.token),
        ),
        'resend activation mail': fromPromise<ApiOutcome<unknown>, { email: string }>(({ input }) =>
          accounts.resendActivation(input.email),
        ),
      },
    }),
    { input: { token } },
  );
  useDiagnosticSource('activation', activation);
  return activation;
}
