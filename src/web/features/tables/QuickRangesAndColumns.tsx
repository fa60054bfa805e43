// The row under a table's filters: the quick date ranges, and the column settings that open below it.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { useState } from 'react';
import { QUICK_RANGES, type QuickRange } from './quickRanges';

const QUICK_RANGE_LABELS: Record<QuickRange, MessageDescriptor> = {
  today: msg`Today`,
  last7Days: msg`Last 7 days`,
  thisMonth: msg`This month`,
  thisYear: msg`This year`,
};

export function QuickRangesAndColumns<C extends string>({
  onQuickRange,
  columns,
  columnLabels,
  visible,
  onToggleColumn,
}: {
  onQuickRange: (range: QuickRange) => void;
  columns: readonly C[];
  columnLabels: Record<C, MessageDescriptor>;
  visible: ReadonlySet<C>;
  onToggleColumn: (column: C, on: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const [showSettings, setShowSettings] = useState(false);
  return (
    <>
      <Group gap="xs">
        {QUICK_RANGES.map((range) => (
          <Button key={range} size="xs" variant="light" onClick={() => onQuickRange(range)}>
            {i18n._(QUICK_RANGE_LABELS[range])}
          </Button>
        ))}
        <Button
          size="xs"
          variant="subtle"
          aria-expanded={showSettings}
          onClick={() => setShowSettings((s) => !s)}
        >
          <Trans>Column settings</Trans>
        </Button>
      </Group>
      {showSettings ? (
        <Group role="group" aria-label={t`Visible columns`}>
          {columns.map((column) => (
            <Checkbox
              key={column}
              label={i18n._(columnLabels[column])}
              checked={visible.has(column)}
              onChange={(event) => onToggleColumn(column, event.currentTarget.checked)}
            />
          ))}
        </Group>
      ) : null}
    </>
  );
}
