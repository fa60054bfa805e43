// A table's column settings as a page uses them: loaded once per menu key, changed at once on screen
// and saved in the background (a failed save leaves the choice for this visit).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnSetting } from '../../../contract/api/columnSettings';
import { columnSettings, visibleColumns } from './columnVisibility';

export interface ColumnSettingsSource {
  load(menuKey: string): Promise<ColumnSetting[] | null>;
  save(menuKey: string, fields: ColumnSetting[]): Promise<unknown>;
}

export function useColumnSettings<C extends string>(
  menuKey: string,
  columns: readonly C[],
  source: ColumnSettingsSource,
) {
  const queryClient = useQueryClient();
  const settingsKey = ['columnSettings', menuKey];
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => source.load(menuKey) });
  const visible = visibleColumns(columns, settings.data);
  const shown = columns.filter((column) => visible.has(column));

  const toggle = (column: C, on: boolean) => {
    const next = new Set(visible);
    if (on) next.add(column);
    else next.delete(column);
    const fields = columnSettings(columns, next);
    queryClient.setQueryData(settingsKey, fields);
    void source.save(menuKey, fields);
  };
  return { visible, shown, toggle };
}
