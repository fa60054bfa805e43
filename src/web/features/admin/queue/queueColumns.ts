// The columns of the two queues and which of them a reviewer shows, saved per reviewer through the
// column-settings API (menu keys of AdminMenuKeys). Saved settings over the defaults: unknown keys
// are dropped, columns the reviewer never touched stay visible.
import type { ColumnSetting } from '../../../../contract/api/columnSettings';

export const CERTIFICATION_COLUMNS = [
  'companyName',
  'location',
  'applicantEmail',
  'status',
  'submittedAt',
  'decidedAt',
  'decidedBy',
  'operatorId',
] as const;
export const CARD_APPLICATION_COLUMNS = [
  'companyName',
  'location',
  'applicantEmail',
  'businessPurpose',
  'status',
  'submittedAt',
  'decidedAt',
  'decidedBy',
] as const;
export type QueueColumn = (typeof CERTIFICATION_COLUMNS)[number] | (typeof CARD_APPLICATION_COLUMNS)[number];

export function visibleColumns(
  columns: readonly QueueColumn[],
  saved: readonly ColumnSetting[] | null | undefined,
): Set<QueueColumn> {
  const hidden = new Set((saved ?? []).filter((setting) => !setting.visible).map((setting) => setting.key));
  return new Set(columns.filter((column) => !hidden.has(column)));
}

export function columnSettings(
  columns: readonly QueueColumn[],
  visible: ReadonlySet<QueueColumn>,
): ColumnSetting[] {
  return columns.map((key) => ({ key, visible: visible.has(key) }));
}
