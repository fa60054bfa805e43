// The desktop QR verification on its own (no parent chart): one actor, wired with the app's effects.
import { useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { toasts } from '../../shell/toast/toastStore';
import { appQrVerificationDeps, provideQrVerification, type QrVerificationDeps } from './qrVerificationLogic';
import { useDiagnosticSource } from '../support/diagnostics/useDiagnosticSource';

/** The clipboard with a toast that says whether it worked. */
export function useCopyLink(): (link: string) => void {
  const { t } = useLingui();
  return (link) => {
    const done = () => toasts.show(t`Link copied`, 'success');
    const failed = () =>
      toasts.show(t`The link could not be copied. Select it and copy it by hand.`, 'error');
    if (!navigator.clipboard) return failed();
    navigator.clipboard.writeText(link).then(done, failed);
  };
}

export function useQrVerificationActor(subjectName: string, deps?: QrVerificationDeps) {
  const copyLink = useCopyLink();
  const verification = useActorRef(provideQrVerification(deps ?? appQrVerificationDeps(copyLink)), {
    input: { subjectName },
  });
  useDiagnosticSource('qrVerification', verification);
  return verification;
}
