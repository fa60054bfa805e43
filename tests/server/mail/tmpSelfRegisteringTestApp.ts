// TEMPORARY (deleted before hand-off): registers the mail plugin and dev routes until app.ts does.
import type { AppConfig } from '/work/main/src/server/config';
import { createTestApp as base } from '/work/main/tests/support/testApp';
import { mailPlugin } from '/work/main/src/server/plugins/mail';
import { devRoutes } from '/work/main/src/server/routes/dev/index';
export type { TestApp } from '/work/main/tests/support/testApp';
export function createTestApp(overrides: Partial<AppConfig> = {}) {
  return base(overrides, async (app) => {
    if (!app.hasDecorator('mail')) await app.register(mailPlugin);
    if (!app.hasRoute({ method: 'GET', url: '/plat/dev/mailbox' }))
      await app.register(devRoutes, { prefix: '/plat' });
  });
}
