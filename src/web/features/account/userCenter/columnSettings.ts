// Which login-history columns are visible, loaded and saved per user (spec §3 "table column
// settings"; POST /plat/ums/user/menu/fields/list and /save with menuKey 'loginHistory').
import type { ColumnSetting } from '../../../../contract/api/columnSettings';

export const LOGIN_HISTORY_MENU_KEY = 'loginHistory';
export const LOGIN_HISTORY_COLUMNS = ['time', 'ip', 'device', 'result'] as const;
export type LoginHistoryColumn = (typeof LOGIN_HISTORY_COLUMNS)[number];

/** Saved settings over the defaults: unknown keys are dropped, missing columns stay visible. */
export function visibleColumns(
  saved: readonly ColumnSetting[] | null | undefined,
): Record<LoginHistoryColumn, boolean> {
  const visible = { time: true, ip: true, device: true, result: true };
  for (const setting of saved ?? []) {
    if ((LOGIN_HISTORY_COLUMNS as readonly string[]).includes(setting.key)) {
      visible[setting.key as LoginHistoryColumn] = setting.visible;
    }
  }
  return visible;
}

export function toSettings(visible: Record<LoginHistoryColumn, boolean>): ColumnSetting[] {
  return LOGIN_HISTORY_COLUMNS.map((key) => ({ key, visible: visible[key] }));
}
