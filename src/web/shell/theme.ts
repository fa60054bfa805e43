import { createTheme } from '@mantine/core';

// Sizes in rem follow the root font scaling (rootFont.ts); the system font stack includes the CJK
// faces so Chinese and English line up.
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Zen Hei", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
});
