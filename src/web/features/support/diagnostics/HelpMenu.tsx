// The header's help menu, present while a flow is on screen (every flow registers its actor with
// useDiagnosticSource): "Copy diagnostic info" puts the flow's redacted support snapshot on the
// clipboard for the user to paste into a support request (issue 9 §4). Keyboard: Tab to "Help",
// Enter opens the menu, Enter on the item copies (Mantine's Menu handles the arrows and focus).
import { Trans } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { useCopyDiagnosticInfo } from './useCopyDiagnosticInfo';

export function HelpMenu() {
  const copy = useCopyDiagnosticInfo();
  if (!copy) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle">
          <Trans>Help</Trans>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void copy()}>
          <Trans>Copy diagnostic info</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
