// Column settings of a table (spec §3: "loaded and saved per user; field shapes not shown").
import { z } from 'zod';

export const menuKey = z.string().regex(/^[a-zA-Z][a-zA-Z0-9._-]{0,63}$/, 'field.invalid');

export const columnSetting = z.object({
  key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/, 'field.invalid'),
  visible: z.boolean(),
  width: z.number().int().min(40).max(1200).optional(),
});

export const columnSettingsListRequest = z.object({ menuKey });
export const columnSettingsSaveRequest = z.object({
  menuKey,
  fields: z.array(columnSetting).max(50),
});
export type ColumnSetting = z.infer<typeof columnSetting>;
