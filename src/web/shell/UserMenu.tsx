import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { signOut } from '../session/appSession';
import { HeaderMenu } from './headerMenu/HeaderMenu';

export function UserMenu({ email }: { email: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  return (
    <HeaderMenu
      label={email}
      ariaLabel={t`User menu`}
      items={[
        { key: 'user-center', label: <Trans>User center</Trans>, onSelect: () => navigate('/user-center') },
        {
          key: 'change-password',
          label: <Trans>Change password</Trans>,
          onSelect: () => navigate('/modify-pwd'),
        },
        {
          key: 'log-out',
          label: <Trans>Log out</Trans>,
          color: 'red',
          dividerBefore: true,
          onSelect: () => void signOut(),
        },
      ]}
    />
  );
}
