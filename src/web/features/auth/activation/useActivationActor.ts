// The one place the activation page's effects are wired in: the activate and resend calls. The
// link's token stays in the URL the page read it from; the chart learns only that there is one.
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
        'activate account': fromPromise<ApiOutcome<unknown>, void>(() => accounts.activate(token ?? '')),
        'resend activation mail': fromPromise<ApiOutcome<unknown>, { email: string }>(({ input }) =>
          accounts.resendActivation(input.email),
        ),
      },
    }),
    { input: { hasToken: token !== null && token !== '' } },
  );
  useDiagnosticSource('activation', activation);
  return activation;
}
