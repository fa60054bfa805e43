// The back office's frame: navigation to its pages, the signed-in reviewer's name, and log out.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { signOut } from '../../session/appSession';
import { formatPersonName } from '../../../contract/personName';
import { useSessionUser } from '../../session/useSessionUser';
import { rolesAllow, type BackOfficePermission } from '../../../contract/api/backOfficeRoles';
import { AdminPagePaths } from './adminPaths';
import { backOfficeRolesOf } from './backOfficeAccess';

/** Each page with the permission that opens it (issue 21 §4); null: every back-office account. */
const NAVIGATION: Array<[path: string, label: MessageDescriptor, needs: BackOfficePermission | null]> = [
  [AdminPagePaths.certifications, msg`Certification reviews`, 'cases.read'],
  [AdminPagePaths.cardApplications, msg`Card application reviews`, 'cases.read'],
  [AdminPagePaths.partnerLinks, msg`Partner links`, 'partnerLinks.manage'],
  [AdminPagePaths.accounts, msg`Back-office accounts`, 'accounts.manage'],
  [AdminPagePaths.machines, msg`Machine diagrams`, null],
  [AdminPagePaths.support, msg`Support replay`, 'support.replay'],
];

function reviewerName(info: Record<string, unknown> | undefined): string {
  const first = typeof info?.firstName === 'string' ? info.firstName : '';
  const last = typeof info?.lastName === 'string' ? info.lastName : '';
  const name = formatPersonName({ firstName: first, lastName: last });
  return name || (typeof info?.email === 'string' ? info.email : '');
}

export function AdminLayout({
  title,
  wide = false,
  children,
}: {
  title: ReactNode;
  /** The whole window's width (an open case's panes need it), not the reading width. */
  wide?: boolean;
  children?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const [location] = useLocation();
  const user = useSessionUser();
  const roles = backOfficeRolesOf(user?.userInfo);
  return (
    <Container size="xl" fluid={wide} py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group component="nav" aria-label={t`Back office`} gap="md" wrap="wrap">
            {NAVIGATION.filter(([, , needs]) => needs === null || rolesAllow(roles, needs)).map(
              ([path, label]) => (
                <Anchor
                  key={path}
                  component={Link}
                  href={path}
                  fw={location === path ? 700 : 400}
                  aria-current={location === path ? 'page' : undefined}
                >
                  {i18n._(label)}
                </Anchor>
              ),
            )}
          </Group>
          <Group gap="sm">
            <Text size="sm" data-testid="reviewer-name">
              {reviewerName(user?.userInfo)}
            </Text>
            <Button size="xs" variant="default" onClick={() => void signOut()}>
              <Trans>Log out</Trans>
            </Button>
          </Group>
        </Group>
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}
