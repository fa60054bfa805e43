// The gateway's certification card: not certified, certification incomplete (continue), under
// review, review failed (process immediately, with the reason), approved, initial — each with its
// action. The session store has the status (refreshed from the server); the draft and the reason
// come with the gateway's account state (useAccountState).
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { AccountPaths } from '../../../contract/api/accountPaths';
import type { SessionUser } from '../../../contract/api/accounts';
import { api } from '../../api/api';
import { patchSession } from '../../session/sessionStore';
import { CERTIFICATION_ROOT } from '../../shell/routeRoots';
import { certificationCardOf } from './certificationCardState';
import { useAccountState } from './useAccountState';

// Read at render time: the route table imports the gateway, so this module loads before it is done.
const certificationEntry = () => `${CERTIFICATION_ROOT}/enterpriseCertificationIndex`;

export function CertificationCard() {
  const { t } = useLingui();
  // The stored status may be stale (a reviewer decided meanwhile): ask the server, then store it.
  const info = useQuery({
    queryKey: ['userInfo'],
    queryFn: async () => (await api.get<SessionUser>(AccountPaths.userInfo)) || null,
  });
  useEffect(() => {
    if (info.data) {
      patchSession({
        enterpriseCertificationStatus: info.data.enterpriseCertificationStatus,
        enterpriseAuditStatus: info.data.enterpriseAuditStatus,
        // Assigned on approval: the watermark and the user center show it from then on.
        operatorId: info.data.operatorId,
      });
    }
  }, [info.data]);
  const { state, loading } = useAccountState();
  const card = certificationCardOf({
    status: state.certificationStatus,
    audit: state.auditStatus,
    hasDraft: loading ? null : state.certificationHasDraft,
    reason: state.certificationReason,
  });

  const content = {
    initial: { badge: t`Loading`, color: 'gray', text: t`Your certification status is being loaded.` },
    notCertified: {
      badge: t`Not certified`,
      color: 'gray',
      text: t`Complete enterprise certification to use the card business.`,
    },
    incomplete: {
      badge: t`Certification incomplete`,
      color: 'yellow',
      text: t`Your certification is saved as a draft. Continue where you left off.`,
    },
    underReview: {
      badge: t`Under review`,
      color: 'blue',
      text: t`Your application is under review. The result will be sent to you by email.`,
    },
    reviewFailed: {
      badge: t`Review failed`,
      color: 'red',
      text: t`Your application needs changes. Please process it immediately.`,
    },
    approved: { badge: t`Approved`, color: 'green', text: t`Your enterprise certification is complete.` },
  }[card.kind];

  return (
    <Card withBorder aria-label={t`Enterprise certification`} role="region">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            <Trans>Enterprise certification</Trans>
          </Title>
          <Badge color={content.color}>{content.badge}</Badge>
        </Group>
        <Text size="sm">{content.text}</Text>
        {card.kind === 'reviewFailed' && card.reason ? (
          <Text size="sm" c="red">
            {/* t, not Trans: Trans reads <tag>…</tag> in a value as markup and drops it from the reviewer's text. */}
            {t`Reason: ${card.reason}`}
          </Text>
        ) : null}
        {card.kind === 'notCertified' ? (
          <Button component={Link} href={certificationEntry()}>
            <Trans>Start certification</Trans>
          </Button>
        ) : card.kind === 'incomplete' ? (
          <Button component={Link} href={certificationEntry()}>
            <Trans>Continue</Trans>
          </Button>
        ) : card.kind === 'reviewFailed' ? (
          <Button component={Link} href={certificationEntry()} color="red">
            <Trans>Process immediately</Trans>
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
