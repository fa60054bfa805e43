// Which columns of a table are shown, saved per user through the column-settings API (spec §3
// "table column settings"). Saved settings over the defaults: unknown keys are dropped, columns the
// user never touched stay visible.
import type { ColumnSetting } from '../../../contract/api/columnSettings';

export function visibleColumns<C extends string>(
  columns: readonly C[],
  saved: readonly ColumnSetting[] | null | undefined,
): Set<C> {
  const hidden = new Set((saved ?? []).filter((setting) => !setting.visible).map((setting) => setting.key));
  return new Set(columns.filter((column) => !hidden.has(column)));
}

export function columnSettings<C extends string>(
  columns: readonly C[],
  visible: ReadonlySet<C>,
): ColumnSetting[] {
  return columns.map((key) => ({ key, visible: visible.has(key) }));
}
