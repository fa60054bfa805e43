// The "copy diagnostic info" action: the on-screen flow's redacted snapshot on the clipboard, and a
// toast that says whether it worked. Null outside any flow (nothing to copy).
import { useLingui } from '@lingui/react/macro';
import { toasts } from '../../../shell/toast/toastStore';
import { useCurrentDiagnosticSource } from './useDiagnosticSource';

export function useCopyDiagnosticInfo(): (() => Promise<void>) | null {
  const { t } = useLingui();
  const source = useCurrentDiagnosticSource();
  if (!source) return null;
  return async () => {
    // Loaded on use: the exporter reads machines/registry (every machine), which the first chunk
    // of the app should not carry.
    const outcome = await import('./copyDiagnosticInfo')
      .then(({ copyDiagnosticInfo }) => copyDiagnosticInfo(source))
      .catch(() => ({ kind: 'failed' as const }));
    if (outcome.kind === 'copied')
      toasts.show(t`Diagnostic info copied. Paste it into your message to support.`, 'success');
    else toasts.show(t`The diagnostic info could not be copied to the clipboard.`, 'error');
  };
}
