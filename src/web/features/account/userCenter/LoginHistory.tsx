// Security info: the login history (time, IP, device, result) with a date-range filter of at most
// one year, quick ranges, and per-user column settings.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import type { LoginHistoryItem } from '../../../../contract/api/accounts';
import { dateRangeSchema, type DateRange } from '../../../../contract/schemas/dateRange';
import type { AccountsApi } from '../../../api/accounts';
import { useLocale } from '../../auth/shared/messages';
import { ColumnTable } from '../../tables/ColumnTable';
import { DateRangeFields } from '../../tables/DateRangeFields';
import { NoResults } from '../../tables/NoResults';
import { QuickRangesAndColumns } from '../../tables/QuickRangesAndColumns';
import { dayBounds, quickRange, type QuickRange } from '../../tables/quickRanges';
import { useColumnSettings } from '../../tables/useColumnSettings';
import { formatTime } from './formatTime';

/** The column-settings menu key of this table (POST /plat/ums/user/menu/fields/list and /save). */
const LOGIN_HISTORY_MENU_KEY = 'loginHistory';
const LOGIN_HISTORY_COLUMNS = ['time', 'ip', 'device', 'result'] as const;
type LoginHistoryColumn = (typeof LOGIN_HISTORY_COLUMNS)[number];

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

const PAGE_SIZE = 20;

export function LoginHistory({ accounts }: { accounts: AccountsApi }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [range, setRange] = useState<DateRange>(() => quickRange('last7Days'));
  const form = useForm<DateRange>({
    mode: 'controlled',
    initialValues: range,
    validate: zod4Resolver(dateRangeSchema),
  });

  const history = useQuery({
    queryKey: ['loginHistory', range],
    queryFn: () => accounts.loginHistory({ ...dayBounds(range), page: 1, pageSize: PAGE_SIZE }),
  });
  const columns = useColumnSettings(LOGIN_HISTORY_MENU_KEY, LOGIN_HISTORY_COLUMNS, {
    load: (menuKey) => accounts.columnSettings(menuKey),
    save: (menuKey, fields) => accounts.saveColumnSettings(menuKey, fields),
  });

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
          <DateRangeFields form={form} />
          <Button type="submit">
            <Trans>Search</Trans>
          </Button>
        </Group>
      </form>
      <QuickRangesAndColumns
        onQuickRange={applyQuick}
        columns={LOGIN_HISTORY_COLUMNS}
        columnLabels={COLUMN_LABELS}
        visible={columns.visible}
        onToggleColumn={columns.toggle}
      />
      <ColumnTable
        label={t`Login history`}
        columns={columns.shown}
        columnLabels={COLUMN_LABELS}
        rows={items}
        cell={cell}
      />
      {history.isSuccess && items.length === 0 ? <NoResults /> : null}
    </Stack>
  );
}
