// Who and what a case is about: company, location, applicant, status, submission time, and the last
// decision with its reason.
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { CaseApplicant, CaseCompany } from '../../../../contract/api/admin';
import { formatPersonName } from '../../../../contract/personName';
import { useLocale } from '../../auth/shared/messages';
import { LOCATION_LABELS, STATUS_LABELS } from '../adminLabels';
import { formatTime } from '../formatTime';

export function CaseSummary(props: {
  company: CaseCompany;
  applicant: CaseApplicant | null;
  status: string;
  submittedAt: string | null;
  reason: string | null;
}) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const status = STATUS_LABELS[props.status as keyof typeof STATUS_LABELS];
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Text fw={700} size="lg">
          {props.company.name}
        </Text>
        <Badge data-testid="case-status">{status ? i18n._(status) : props.status}</Badge>
      </Group>
      {/* One line of facts, so the case's panes keep the window's height (issue 21 §1). */}
      <Group gap="md" wrap="wrap">
        <Text size="sm">
          {i18n._(LOCATION_LABELS[props.company.location])}
          {props.company.operatorId ? ` · ${props.company.operatorId}` : ''}
        </Text>
        {props.applicant ? (
          <Text size="sm">
            {/* t, not Trans: Trans reads <tag>…</tag> in stored names as markup and drops it. */}
            {t`Applicant: ${formatPersonName(props.applicant)} (${props.applicant.email})`}
          </Text>
        ) : null}
        {props.submittedAt ? (
          <Text size="sm">
            <Trans>Submitted: {formatTime(props.submittedAt, locale)}</Trans>
          </Text>
        ) : null}
      </Group>
      {props.reason ? <Text size="sm">{t`Last reason: ${props.reason}`}</Text> : null}
    </Stack>
  );
}
