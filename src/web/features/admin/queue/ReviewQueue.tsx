// A review queue (issue 8 §2, issue 21 §2): counts per status, filters by status, location, date
// range (≤ one year, quick ranges), company name / registration number / email, claim, company type,
// age and approvals waiting for a second person, the order, paging on the server, each case's age
// and who has claimed it, and columns the reviewer chooses (saved per reviewer). Empty and error
// states are told apart.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Pagination,
  Select,
  Stack,
  Tabs,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/Tabs.css';
import { useForm } from '@mantine/form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Time } from '../../../../contract/limits';
import { AdminLimits, QUEUE_SORTS, type QueueSort } from '../../../../contract/api/admin';
import type { QueuePage } from '../../../../contract/api/admin';
import type { ColumnSetting } from '../../../../contract/api/columnSettings';
import type { CompanyLocation } from '../../../../contract/options';
import { COMPANY_LOCATIONS, COMPANY_TYPES } from '../../../../contract/options';
import { COMPANY_TYPE_LABELS } from '../../certification/labels';
import { dateRangeSchema, type DateRange } from '../../../../contract/schemas/dateRange';
import { useLocale } from '../../auth/shared/messages';
import { ColumnTable } from '../../tables/ColumnTable';
import { DateRangeFields } from '../../tables/DateRangeFields';
import { NoResults } from '../../tables/NoResults';
import { QuickRangesAndColumns } from '../../tables/QuickRangesAndColumns';
import { quickRange, type QuickRange } from '../../tables/quickRanges';
import { useColumnSettings } from '../../tables/useColumnSettings';
import { LOCATION_LABELS, STATUS_LABELS } from '../adminLabels';
import { caseHref } from '../adminPaths';
import { useMay } from '../backOfficeAccess';
import { claimsApi } from '../workflow/claimsApi';
import { formatTime } from '../formatTime';
import type { QueueColumn } from './queueColumns';
import { emptyFilters, queueQuery, type QueueFilters } from './queueFilters';

export interface QueueRow {
  id: string;
  status: string;
  companyName: string;
  location: CompanyLocation;
  applicantEmail: string | null;
  submittedAt: string;
  decidedAt: string | null;
  decidedBy: { email: string } | null;
  operatorId?: string | null;
  businessPurpose?: string | null;
  claim?: { by: { name: string; email: string }; expiresAt: string } | null;
  approval?: string;
}

export interface QueueSource<S extends string, T extends QueueRow> {
  name: string;
  statuses: readonly S[];
  columns: readonly QueueColumn[];
  menuKey: string;
  queuePath: string;
  load(query: ReturnType<typeof queueQuery<S>>): Promise<QueuePage<T, S> | false>;
  loadColumns(menuKey: string): Promise<ColumnSetting[] | null>;
  saveColumns(menuKey: string, fields: ColumnSetting[]): Promise<unknown>;
}

const COLUMN_LABELS: Record<QueueColumn, MessageDescriptor> = {
  companyName: msg`Company`,
  location: msg`Location`,
  applicantEmail: msg`Applicant email`,
  businessPurpose: msg`Business purpose`,
  status: msg`Status`,
  submittedAt: msg`Submitted on`,
  decidedAt: msg`Decided`,
  decidedBy: msg`Decided by`,
  operatorId: msg`Operator id`,
  waitingSince: msg`Waiting`,
  claimedBy: msg`Claimed by`,
};

const SORT_LABELS: Record<QueueSort, MessageDescriptor> = {
  oldest: msg`Oldest first`,
  newest: msg`Newest first`,
  companyName: msg`Company name`,
};

/** The ages a reviewer picks from ("waiting at least"). */
const AGES = [1, 3, 7, 14, 30] as const;

/** Whole days since `iso` (the case's age), at least 0. */
function daysSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - new Date(iso).getTime()) / Time.DAY));
}

const ALL = 'all';

export function ReviewQueue<S extends string, T extends QueueRow>({ source }: { source: QueueSource<S, T> }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [filters, setFilters] = useState<QueueFilters<S>>(emptyFilters);
  const [search, setSearch] = useState('');
  const dates = useForm<DateRange>({
    mode: 'controlled',
    initialValues: { start: '', end: '' },
    validate: zod4Resolver(dateRangeSchema),
  });

  const query = queueQuery(filters, AdminLimits.pageSizeDefault);
  const queue = useQuery({
    queryKey: ['adminQueue', source.name, query],
    queryFn: () => source.load(query),
    placeholderData: keepPreviousData,
  });
  // Who else may hold claims: offered to those who may reassign them (the list is theirs to read).
  const mayReassign = useMay('claims.reassign');
  const assignees = useQuery({
    queryKey: ['claimAssignees'],
    queryFn: () => claimsApi.assignees(),
    enabled: mayReassign,
  });
  const assigneeOptions = (Array.isArray(assignees.data) ? assignees.data : []).map((a) => ({
    value: a.userId,
    label: a.name || a.email,
  }));
  const columns = useColumnSettings(source.menuKey, source.columns, {
    load: (menuKey) => source.loadColumns(menuKey),
    save: (menuKey, fields) => source.saveColumns(menuKey, fields),
  });

  const update = (patch: Partial<QueueFilters<S>>) =>
    setFilters((current) => ({ ...current, page: 1, ...patch }));
  const applyQuick = (range: QuickRange) => {
    const next = quickRange(range);
    dates.setValues(next);
    dates.clearErrors();
    update({ range: next });
  };

  // No dates is "any time"; a date range must hold both ends and at most a year (dateRangeSchema).
  const submitFilters = (event: FormEvent) => {
    event.preventDefault();
    const { start, end } = dates.getValues();
    if (start === '' && end === '') {
      dates.clearErrors();
      update({ range: null, search });
    } else if (!dates.validate().hasErrors) {
      update({ range: { start, end }, search });
    }
  };

  const page = queue.data || null;
  const failed = queue.isError || queue.data === false;
  const cell = (row: T, column: QueueColumn) => {
    switch (column) {
      case 'companyName':
        return (
          <Anchor component={Link} href={caseHref(source.queuePath, row.id)}>
            {row.companyName}
          </Anchor>
        );
      case 'location':
        return i18n._(LOCATION_LABELS[row.location]);
      case 'status': {
        const status = i18n._(STATUS_LABELS[row.status as keyof typeof STATUS_LABELS] ?? msg`Unknown`);
        // Four eyes (issue 21 §3): an approval waiting for its second person says so in the list.
        return row.approval === 'proposed' ? t`${status}, approval waiting for a second person` : status;
      }
      case 'submittedAt':
        return formatTime(row.submittedAt, locale);
      case 'decidedAt':
        return row.decidedAt ? formatTime(row.decidedAt, locale) : '—';
      case 'decidedBy':
        return row.decidedBy?.email ?? '—';
      case 'waitingSince': {
        // Ageing (issue 21 §2): only cases still waiting for a decision age.
        if (row.decidedAt) return '—';
        const days = daysSince(row.submittedAt, Date.now());
        return t`${days} d`;
      }
      case 'claimedBy':
        return row.claim ? row.claim.by.name || row.claim.by.email : '—';
      default:
        return row[column] ?? '—';
    }
  };

  return (
    <Stack gap="sm">
      <Tabs
        value={filters.status ?? ALL}
        onChange={(value) => update({ status: value && value !== ALL ? (value as S) : null })}
      >
        <Tabs.List>
          <Tabs.Tab value={ALL}>
            <Trans>All</Trans>
          </Tabs.Tab>
          {source.statuses.map((status) => (
            <Tabs.Tab key={status} value={status}>
              {i18n._(STATUS_LABELS[status as keyof typeof STATUS_LABELS])} ({page?.counts[status] ?? 0})
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <form noValidate onSubmit={submitFilters}>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t`Company name, registration number or email`}
            value={search}
            maxLength={AdminLimits.searchMaxLength}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Select
            label={t`Location`}
            clearable
            data={COMPANY_LOCATIONS.map((code) => ({ value: code, label: i18n._(LOCATION_LABELS[code]) }))}
            value={filters.location}
            onChange={(value) => update({ location: value ?? null })}
          />
          <DateRangeFields form={dates} />
          <Select
            label={t`Claimed by`}
            clearable
            searchable
            data={[
              { value: 'me', label: t`Me` },
              { value: 'unassigned', label: t`Nobody` },
              ...assigneeOptions,
            ]}
            value={filters.assignee}
            onChange={(value) => update({ assignee: value ?? null })}
          />
          <Select
            label={t`Company type`}
            clearable
            data={COMPANY_TYPES.map((type) => ({ value: type, label: i18n._(COMPANY_TYPE_LABELS[type]) }))}
            value={filters.companyType}
            onChange={(value) => update({ companyType: value ?? null })}
          />
          <Select
            label={t`Waiting at least`}
            clearable
            data={AGES.map((days) => ({ value: String(days), label: t`${days} days` }))}
            value={filters.minAgeDays === null ? null : String(filters.minAgeDays)}
            onChange={(value) => update({ minAgeDays: value ? Number(value) : null })}
          />
          <Select
            label={t`Order`}
            allowDeselect={false}
            data={QUEUE_SORTS.map((sort) => ({ value: sort, label: i18n._(SORT_LABELS[sort]) }))}
            value={filters.sort}
            onChange={(value) => update({ sort: value ?? 'oldest' })}
          />
          <Checkbox
            label={t`Approval waiting for a second person`}
            checked={filters.approvalWaiting}
            onChange={(event) => update({ approvalWaiting: event.currentTarget.checked })}
          />
          <Button type="submit">
            <Trans>Search</Trans>
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              dates.setValues({ start: '', end: '' });
              dates.clearErrors();
              setSearch('');
              setFilters(emptyFilters());
            }}
          >
            <Trans>Reset</Trans>
          </Button>
        </Group>
      </form>
      <QuickRangesAndColumns
        onQuickRange={applyQuick}
        columns={source.columns}
        columnLabels={COLUMN_LABELS}
        visible={columns.visible}
        onToggleColumn={columns.toggle}
      />
      {failed ? (
        <Alert role="alert" color="red" variant="light">
          <Group justify="space-between">
            <Trans>The queue could not be loaded.</Trans>
            <Button size="xs" variant="default" onClick={() => void queue.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Group>
        </Alert>
      ) : null}
      <ColumnTable
        label={t`Queue`}
        columns={columns.shown}
        columnLabels={COLUMN_LABELS}
        rows={page?.items ?? []}
        cell={cell}
      />
      {page && page.items.length === 0 ? <NoResults /> : null}
      {page && page.total > page.pageSize ? (
        <Pagination
          total={Math.ceil(page.total / page.pageSize)}
          value={filters.page}
          onChange={(next) => setFilters((current) => ({ ...current, page: next }))}
          getControlProps={(control) => ({
            'aria-label': control === 'next' ? t`Next page` : t`Previous page`,
          })}
        />
      ) : null}
    </Stack>
  );
}
