import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { useLocation } from 'wouter';
import { signOut } from '../session/appSession';

export function UserMenu({ email }: { email: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" aria-label={t`User menu`}>
          {email}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => navigate('/user-center')}>
          <Trans>User center</Trans>
        </Menu.Item>
        <Menu.Item onClick={() => navigate('/modify-pwd')}>
          <Trans>Change password</Trans>
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()}>
          <Trans>Log out</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
