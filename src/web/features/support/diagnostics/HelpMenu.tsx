// The header's help menu, present while a flow is on screen (every flow registers its actor with
// useDiagnosticSource): "Send to support" (signed in; issue 19 §5) sends the flow's redacted support
// snapshot to the server and shows the reference to quote; "Copy diagnostic info" puts it on the
// clipboard for the user to paste into a support request (issue 9 §4). Keyboard: Tab to "Help",
// Enter opens the menu, Enter on an item runs it (Mantine's Menu handles the arrows and focus).
import { Trans } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSendToSupport } from '../reference/useSendToSupport';
import { useCopyDiagnosticInfo } from './useCopyDiagnosticInfo';

// Loaded when there is a reference to show: the header is on the first load of every page.
const SupportReferenceDialog = lazy(() =>
  import('../reference/SupportReferenceDialog').then(({ SupportReferenceDialog }) => ({
    default: SupportReferenceDialog,
  })),
);

export function HelpMenu() {
  const copy = useCopyDiagnosticInfo();
  const support = useSendToSupport();
  return (
    <>
      {copy ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="subtle">
              <Trans>Help</Trans>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {support.send ? (
              <Menu.Item disabled={support.sending} onClick={() => void support.send?.()}>
                <Trans>Send to support</Trans>
              </Menu.Item>
            ) : null}
            <Menu.Item onClick={() => void copy()}>
              <Trans>Copy diagnostic info</Trans>
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {/* Outside the menu's condition: the dialog stays when the flow unmounts behind it. */}
      {support.sent ? (
        <Suspense fallback={null}>
          <SupportReferenceDialog sent={support.sent} onClose={support.dismiss} />
        </Suspense>
      ) : null}
    </>
  );
}
