// One browser and one portal per test file, a fresh context per test (closed after it).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, type TestContext } from 'vitest';
import {
  desktopContext,
  launchBrowser,
  mobileContext,
  openPage,
  screenshotFailure,
  type ContextOptions,
} from '../../support/browser';
import {
  seedSignedInUser,
  startPortal,
  type Portal,
  type PortalOptions,
  type SeedOptions,
  type SeededUser,
} from '../../support/portal';
import { signInBeforeLoad } from './appHandles';

export interface BrowserSuite {
  browser(): Browser;
  portal(): Portal;
  /** A new context for this test (desktop unless `mobile`), signed in as `seeded` when given. */
  context(options?: ContextOptions & { mobile?: boolean; seeded?: SeededUser }): Promise<BrowserContext>;
  /** A signed-in desktop page for a fresh user, and that user. */
  signedInPage(
    seed?: SeedOptions,
    options?: ContextOptions & { mobile?: boolean },
  ): Promise<{ page: Page; user: SeededUser }>;
  page(context: BrowserContext): Promise<Page>;
  /**
   * The same suite for one test of a concurrent file (`test.concurrent`): its contexts are its own,
   * screenshotted if it failed and closed when it finishes, not at every test's end.
   */
  forTest(test: TestContext): BrowserSuite;
}

export interface BrowserOptions {
  /**
   * More Chromium switches for the file's one browser, made once the portal listens (a fake
   * camera's file, the portal's address under its public name); the launch then waits for them.
   */
  args?: (portal: Portal) => Promise<string[]>;
}

export function useBrowserSuite(
  portalOptions: PortalOptions | (() => Promise<PortalOptions>) = {},
  browserOptions: BrowserOptions = {},
): BrowserSuite {
  let browser: Browser | undefined;
  let portal: Portal | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const options = typeof portalOptions === 'function' ? await portalOptions() : portalOptions;
    const { args } = browserOptions;
    if (args) {
      portal = await startPortal(options);
      browser = await launchBrowser(undefined, await args(portal));
    } else [browser, portal] = await Promise.all([launchBrowser(), startPortal(options)]);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), portal?.close()]);
  });
  afterEach(async ({ task }) => {
    const open = contexts.splice(0);
    if (task.result?.state === 'fail') await screenshotFailure(`${task.file.name}-${task.name}`, open);
    await Promise.allSettled(open.map((c) => c.close()));
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} did not start (see beforeAll)`);
    return value;
  };

  /** A suite whose contexts go into `owned` (closed by whoever owns that list). */
  const suiteOver = (owned: BrowserContext[]): BrowserSuite => {
    const suite: BrowserSuite = {
      browser: () => need(browser, 'the browser'),
      portal: () => need(portal, 'the portal'),
      async context(options = {}) {
        const b = suite.browser();
        const context = options.mobile ? await mobileContext(b, options) : await desktopContext(b, options);
        owned.push(context);
        if (options.seeded) await signInBeforeLoad(context, options.seeded.sessionUser);
        return context;
      },
      async signedInPage(seed, options = {}) {
        const user = await seedSignedInUser(suite.portal(), seed);
        const context = await suite.context({ ...options, seeded: user });
        return { page: await suite.page(context), user };
      },
      async page(context) {
        return (await openPage(context)).page;
      },
      forTest(test) {
        const own: BrowserContext[] = [];
        test.onTestFinished(async ({ task }) => {
          if (task.result?.state === 'fail') await screenshotFailure(`${task.file.name}-${task.name}`, own);
          await Promise.allSettled(own.map((c) => c.close()));
        });
        return suiteOver(own);
      },
    };
    return suite;
  };
  return suiteOver(contexts);
}
