// The same action as the header's help menu, for a modal dialog that covers the header (the QR
// verification dialog): copies the flow on screen, which for the certification wizard includes
// the dialog's own state as its child.
import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { useCopyDiagnosticInfo } from './useCopyDiagnosticInfo';

export function CopyDiagnosticInfoButton() {
  const copy = useCopyDiagnosticInfo();
  if (!copy) return null;
  return (
    <Button variant="subtle" size="compact-xs" onClick={() => void copy()} style={{ alignSelf: 'flex-end' }}>
      <Trans>Copy diagnostic info</Trans>
    </Button>
  );
}
