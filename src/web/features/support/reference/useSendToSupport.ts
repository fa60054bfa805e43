// The "Send to support" action of the help menu: null outside a flow or signed out (the server keeps
// snapshots of signed-in applicants only; signed-out flows keep "Copy diagnostic info"). The answer
// (the reference) is kept until the applicant closes the dialog that shows it.
import { useState, useSyncExternalStore } from 'react';
import type { SupportReferenceCreated } from '../../../../contract/api/supportReferences';
import { isSignedIn, subscribeSession } from '../../../session/sessionStore';
import { useCurrentDiagnosticSource } from '../diagnostics/useDiagnosticSource';

export interface SendToSupport {
  send: (() => Promise<void>) | null;
  sending: boolean;
  sent: SupportReferenceCreated | null;
  dismiss: () => void;
}

export function useSendToSupport(): SendToSupport {
  const source = useCurrentDiagnosticSource();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn, isSignedIn);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<SupportReferenceCreated | null>(null);
  const send =
    source && signedIn
      ? async () => {
          setSending(true);
          try {
            // Loaded on use, as the copy action: the exporter reads every machine.
            const { sendToSupport } = await import('./sendToSupport');
            setSent(await sendToSupport(source));
          } finally {
            setSending(false);
          }
        }
      : null;
  return { send, sending, sent, dismiss: () => setSent(null) };
}
