// The changes since the last round, above the case's data (issue 21 §1): what the reviewer needs to
// read again; each changed row below is marked too.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, List, Text } from '@mantine/core';
import type { CaseRoundChanges } from '../../../../contract/api/caseRounds';
import { useLocale } from '../../auth/shared/messages';
import { formatTime } from '../formatTime';
import type { CaseSection } from './caseSections';
import { changeText } from './roundChangeText';

export function RoundChanges({
  changes,
  sections,
}: {
  changes: CaseRoundChanges;
  sections: readonly CaseSection[];
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const since = formatTime(changes.previousSubmittedAt, locale);
  return (
    <Alert
      color="orange"
      variant="light"
      title={t`Changed since the round of ${since}`}
      // The light orange's own text colour is below 4.5:1 on its background (axe): the text colour.
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
      data-testid="round-changes"
    >
      {changes.changes.length === 0 ? (
        <Text size="sm">
          <Trans>Nothing changed since the last round.</Trans>
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {changes.changes.map((change) => {
            const said = changeText(i18n, sections, change);
            return (
              <List.Item key={change.path} data-change={change.kind}>
                {said.kind === 'replaced'
                  ? t`${said.label}: document replaced`
                  : said.kind === 'added'
                    ? t`${said.label}: new, ${said.after}`
                    : said.kind === 'removed'
                      ? t`${said.label}: removed (was ${said.before})`
                      : t`${said.label}: ${said.before} → ${said.after}`}
              </List.Item>
            );
          })}
        </List>
      )}
    </Alert>
  );
}
