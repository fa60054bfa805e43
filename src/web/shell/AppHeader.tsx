import { Trans } from '@lingui/react/macro';
import { Anchor, Group } from '@mantine/core';
import { Link } from 'wouter';
import { HelpMenu } from '../features/support/diagnostics/HelpMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

export function AppHeader({ email }: { email: string | null }) {
  return (
    <header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" px="lg" py="sm">
        <Link href="/" asChild>
          <Anchor fw={700} underline="never" td="none">
            <Trans>Business portal</Trans>
          </Anchor>
        </Link>
        <Group gap="md">
          <LanguageSwitch />
          <HelpMenu />
          {email ? <UserMenu email={email} /> : null}
        </Group>
      </Group>
    </header>
  );
}
