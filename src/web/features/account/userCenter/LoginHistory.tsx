// Security info: the login history (time, IP, device, result) with a date-range filter of at most
// one year, quick ranges, and per-user column settings.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Table.css';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import type { LoginHistoryItem } from '../../../../contract/api/accounts';
import { dateRangeSchema, type DateRange } from '../../../../contract/schemas/dateRange';
import type { AccountsApi } from '../../../api/accounts';
import { useFieldError, useLocale } from '../../auth/shared/messages';
import {
  LOGIN_HISTORY_COLUMNS,
  LOGIN_HISTORY_MENU_KEY,
  toSettings,
  visibleColumns,
  type LoginHistoryColumn,
} from './columnSettings';
import { formatTime } from './formatTime';
import { QUICK_RANGES, quickRange, rangeQuery, type QuickRange } from './quickRanges';

const COLUMN_LABELS: Record<LoginHistoryColumn, MessageDescriptor> = {
  time: msg`Time`,
  ip: msg`IP address`,
  device: msg`Device`,
  result: msg`Result`,
};

const RESULT_LABELS: Record<LoginHistoryItem['result'], MessageDescriptor> = {
  success: msg`Success`,
  wrongPassword: msg`Wrong password`,
  locked: msg`Locked`,
  notActivated: msg`Not activated`,
  captchaFailed: msg`Slider verification failed`,
  cipherRejected: msg`Login request expired`,
};

const QUICK_RANGE_LABELS: Record<QuickRange, MessageDescriptor> = {
  today: msg`Today`,
  last7Days: msg`Last 7 days`,
  thisMonth: msg`This month`,
  thisYear: msg`This year`,
};

const PAGE_SIZE = 20;

export function LoginHistory({ accounts }: { accounts: AccountsApi }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<DateRange>(() => quickRange('last7Days'));
  const [showSettings, setShowSettings] = useState(false);
  const form = useForm<DateRange>({
    mode: 'controlled',
    initialValues: range,
    validate: zod4Resolver(dateRangeSchema),
  });

  const history = useQuery({
    queryKey: ['loginHistory', range],
    queryFn: () => accounts.loginHistory({ ...rangeQuery(range), page: 1, pageSize: PAGE_SIZE }),
  });
  const settingsKey = ['columnSettings', LOGIN_HISTORY_MENU_KEY];
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: () => accounts.columnSettings(LOGIN_HISTORY_MENU_KEY),
  });
  const visible = visibleColumns(settings.data);
  const columns = LOGIN_HISTORY_COLUMNS.filter((column) => visible[column]);

  const toggleColumn = (column: LoginHistoryColumn, on: boolean) => {
    const next = toSettings({ ...visible, [column]: on });
    queryClient.setQueryData(settingsKey, next);
    void accounts.saveColumnSettings(LOGIN_HISTORY_MENU_KEY, next);
  };
  const applyQuick = (quick: QuickRange) => {
    const next = quickRange(quick);
    form.setValues(next);
    setRange(next);
  };

  const items = history.data ? history.data.items : [];
  const cell = (item: LoginHistoryItem, column: LoginHistoryColumn) => {
    if (column === 'time') return formatTime(item.time, locale);
    if (column === 'result') return i18n._(RESULT_LABELS[item.result]);
    return item[column] ?? '—';
  };

  return (
    <Stack gap="sm">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => setRange({ start: values.start, end: values.end }))}
      >
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t`Start date`}
            {...form.getInputProps('start')}
            error={fieldError(form.errors.start)}
          />
          <TextInput
            type="date"
            label={t`End date`}
            {...form.getInputProps('end')}
            error={fieldError(form.errors.end)}
          />
          <Button type="submit">
            <Trans>Search</Trans>
          </Button>
        </Group>
      </form>
      <Group gap="xs">
        {QUICK_RANGES.map((quick) => (
          <Button key={quick} size="xs" variant="light" onClick={() => applyQuick(quick)}>
            {i18n._(QUICK_RANGE_LABELS[quick])}
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
          {LOGIN_HISTORY_COLUMNS.map((column) => (
            <Checkbox
              key={column}
              label={i18n._(COLUMN_LABELS[column])}
              checked={visible[column]}
              onChange={(event) => toggleColumn(column, event.currentTarget.checked)}
            />
          ))}
        </Group>
      ) : null}
      <Table aria-label={t`Login history`} striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{i18n._(COLUMN_LABELS[column])}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              {columns.map((column) => (
                <Table.Td key={column}>{cell(item, column)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {history.isSuccess && items.length === 0 ? (
        <Text c="dimmed" ta="center">
          <Trans>No matching search results</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}
