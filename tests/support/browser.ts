// The browser suite's Chromium: Debian's own build driven by playwright-core (Playwright's browser
// download does not work here). One browser per test file, one context per test: contexts share
// nothing (cookies, storage), so a test starts from a clean browser without paying for a launch.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';

/** We run as root (no sandbox) on a machine without a GPU; nothing may phone home during a test. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const FAILURE_SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results');

/**
 * Launches the system Chromium headless. playwright-core gives every launch a fresh temporary
 * user-data dir and removes it on close(), so no run sees another run's profile.
 */
export async function launchBrowser(
  executablePath: string = chromiumPath(),
  /** More switches, e.g. a fake camera (tests/browser/modelBased/identityVerification.test.ts). */
  extraArgs: readonly string[] = [],
): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

function chromiumPath(): string {
  // browserSetup.ts checked that it exists and provides it; outside that setup, the env or Debian's path.
  return inject('chromiumPath') ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** The browser languages of the two portal locales (what navigator.languages and Accept-Language say). */
export type BrowserLocale = 'zh-cn' | 'en-us';
const BROWSER_LANGUAGE: Record<BrowserLocale, string> = { 'zh-cn': 'zh-CN', 'en-us': 'en-US' };

export interface ContextOptions {
  /** The browser's own language; zh-cn by default (the portal's default market). */
  locale?: BrowserLocale;
  /** Anything else Playwright accepts (extra headers, permissions, …). */
  extra?: BrowserContextOptions;
}

export const DESKTOP_VIEWPORT = { width: 1440, height: 900 };

export const IPHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.5 Mobile/15E148 Safari/604.1';
export const IPHONE_VIEWPORT = { width: 375, height: 812 };

/** A desktop browser: wide window, mouse, no touch, Chromium's own user agent. */
export function desktopContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: DESKTOP_VIEWPORT,
    locale: BROWSER_LANGUAGE[options.locale ?? 'zh-cn'],
    ...options.extra,
  });
}

/** An iPhone-like phone: its user agent, a 375 × 812 viewport, touch, mobile meta-viewport handling. */
export function mobileContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    userAgent: IPHONE_USER_AGENT,
    viewport: IPHONE_VIEWPORT,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: BROWSER_LANGUAGE[options.locale ?? 'zh-cn'],
    ...options.extra,
  });
}

export const zhCnContext = (browser: Browser, extra?: BrowserContextOptions) =>
  desktopContext(browser, { locale: 'zh-cn', extra });
export const enUsContext = (browser: Browser, extra?: BrowserContextOptions) =>
  desktopContext(browser, { locale: 'en-us', extra });

/** Pages keep their errors here, so a failure report can show them next to the screenshot. */
const pageErrors = new WeakMap<Page, string[]>();

export interface WatchedPage {
  page: Page;
  /** Uncaught errors and console errors of the page, for assertions and failure messages. */
  errors: string[];
}

/** A new page that records its uncaught errors and console errors. */
export async function openPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { page, errors };
}

/**
 * Full-page screenshots of every open page of `contexts` into test-results/ (gitignored), with the
 * pages' errors printed. Call from afterEach when the test failed, before the contexts close.
 */
export async function screenshotFailure(
  testName: string,
  contexts: readonly BrowserContext[],
): Promise<void> {
  mkdirSync(FAILURE_SCREENSHOT_DIR, { recursive: true });
  const base = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 150);
  let n = 0;
  for (const context of contexts) {
    for (const page of context.pages()) {
      const file = path.join(FAILURE_SCREENSHOT_DIR, `${base}-${++n}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      const errors = pageErrors.get(page) ?? [];
      console.error(
        `failed test "${testName}": ${page.url()}\n  screenshot ${file}\n  page errors: ${errors.join('\n  ') || '(none)'}`,
      );
    }
  }
}
