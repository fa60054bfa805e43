// The header's help menu, present while a flow is on screen (every flow registers its actor with
// useDiagnosticSource): "Send to support" (signed in; issue 19 §5) sends the flow's redacted support
// snapshot to the server and shows the reference to quote; "Copy diagnostic info" puts it on the
// clipboard for the user to paste into a support request (issue 9 §4). Keyboard: Tab to "Help",
// Enter opens the menu, Enter on an item runs it (Mantine's Menu handles the arrows and focus; it
// loads after the page is usable, see HeaderMenu).
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { HeaderMenu } from '../../../shell/headerMenu/HeaderMenu';
import type { HeaderMenuItem } from '../../../shell/headerMenu/headerMenuItems';
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
  const items: HeaderMenuItem[] = [];
  if (support.send) {
    const send = support.send;
    items.push({
      key: 'send',
      label: <Trans>Send to support</Trans>,
      disabled: support.sending,
      onSelect: () => void send(),
    });
  }
  if (copy)
    items.push({ key: 'copy', label: <Trans>Copy diagnostic info</Trans>, onSelect: () => void copy() });
  return (
    <>
      {copy ? <HeaderMenu label={<Trans>Help</Trans>} items={items} /> : null}
      {/* Outside the menu's condition: the dialog stays when the flow unmounts behind it. */}
      {support.sent ? (
        <Suspense fallback={null}>
          <SupportReferenceDialog sent={support.sent} onClose={support.dismiss} />
        </Suspense>
      ) : null}
    </>
  );
}
