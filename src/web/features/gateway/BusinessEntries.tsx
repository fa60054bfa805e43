// The gateway's business entries (spec §1, §4): the card-issuing business with its status and
// action, "Open card system" (enabled only once approved), the help center, business support and
// the card fee details.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { publicConfigQuery } from '../../api/publicConfig';
import { CardFeeDialog } from './CardFeeDialog';
import { HELP_CENTER_URL } from './gatewayContent';
import type { AccountState } from './todoItems';
import { certificationStandingOf } from '../../../contract/statuses';

const CARD_APPLICATION = '/issuingCardApplication';

function cardStatus(
  state: AccountState,
  loading: boolean,
): { label: ReactNode; color: string; action: ReactNode | null } {
  const card = state.card;
  const approved = certificationStandingOf(state.certificationStatus, state.auditStatus) === 'approved';
  if (!approved || card?.eligibility === 'certificationRequired') {
    return { label: <Trans>Complete certification first</Trans>, color: 'gray', action: null };
  }
  if (!card && loading) return { label: <Trans>Loading…</Trans>, color: 'gray', action: null };
  if (!card) return { label: <Trans>Status unavailable</Trans>, color: 'gray', action: null };
  if (card.eligibility === 'entityNotSupported') {
    return { label: <Trans>Not supported for this entity</Trans>, color: 'gray', action: null };
  }
  switch (card.status) {
    case 'not_started':
      return { label: <Trans>Not started</Trans>, color: 'gray', action: <Trans>Apply now</Trans> };
    case 'saved':
      return { label: <Trans>Saved</Trans>, color: 'yellow', action: <Trans>Continue application</Trans> };
    case 'under_review':
      return { label: <Trans>Under review</Trans>, color: 'blue', action: <Trans>View application</Trans> };
    case 'revision_requested':
      return {
        label: <Trans>Revision requested</Trans>,
        color: 'orange',
        action: <Trans>Revise application</Trans>,
      };
    case 'rejected':
      return { label: <Trans>Rejected</Trans>, color: 'red', action: <Trans>Re-apply</Trans> };
    case 'approved':
      return { label: <Trans>Approved</Trans>, color: 'green', action: null };
  }
}

export function BusinessEntries({ state, loading }: { state: AccountState; loading: boolean }) {
  const { t } = useLingui();
  const config = useQuery(publicConfigQuery);
  const status = cardStatus(state, loading);
  const card = state.card;
  const approved = card?.status === 'approved';
  const cardSystemUrl = card?.cardSystemUrl ?? config.data?.cardSystemUrl ?? null;
  const helpCenter =
    typeof config.data?.['helpCenterUrl'] === 'string' ? config.data['helpCenterUrl'] : HELP_CENTER_URL;

  return (
    <Paper withBorder p="md" component="section" aria-label={t`Business entries`}>
      <Stack gap="md">
        <Title order={2}>
          <Trans>Card-issuing business</Trans>
        </Title>
        <Group gap="sm">
          <Text>
            <Trans>Status:</Trans>
          </Text>
          <Badge color={status.color} aria-label={t`Card-issuing status`}>
            {status.label}
          </Badge>
        </Group>
        {(card?.status === 'rejected' || card?.status === 'revision_requested') && card.reason ? (
          <Text c="red" size="sm">
            <Trans>Reason: {card.reason}</Trans>
          </Text>
        ) : null}
        <Group>
          {status.action ? (
            <Button component={Link} href={CARD_APPLICATION} variant="light">
              {status.action}
            </Button>
          ) : null}
          <Button
            disabled={!approved || !cardSystemUrl}
            onClick={() => {
              if (cardSystemUrl) window.open(cardSystemUrl, '_blank', 'noopener');
            }}
          >
            <Trans>Open card system</Trans>
          </Button>
          <CardFeeDialog />
        </Group>
        <Group gap="lg">
          <Anchor href={helpCenter} target="_blank" rel="noopener noreferrer">
            <Trans>Help center</Trans>
          </Anchor>
          {config.data?.supportEmail ? (
            <Text size="sm">
              <Trans>Business support:</Trans>{' '}
              <Anchor href={`mailto:${config.data.supportEmail}`}>{config.data.supportEmail}</Anchor>
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
