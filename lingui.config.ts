// Lingui 5 (docs/stack.md): two catalogs, compiled on the fly by @lingui/vite-plugin.
// English is the source language: messages are written in English in the code, and the zh-cn
// catalog carries every translation (tests/unit/i18n-catalogs.test.ts checks both are complete).
import { defineConfig } from '@lingui/cli';

export default defineConfig({
  locales: ['zh-cn', 'en-us'],
  sourceLocale: 'en-us',
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src/web'],
    },
  ],
});
