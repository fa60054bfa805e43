// /login loaded in the system Chromium the way a first-time visitor loads it (fresh profile, no
// cache), every JS and CSS response of the portal's origin recorded until the login form is on
// screen and the network has been idle: that is the first load, whatever the build graph says.
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { desktopContext, launchBrowser, type BrowserLocale } from '../../tests/support/browser';
import { DEFAULT_CHROMIUM } from '../../tests/support/browserSetup';

export interface LoadedFile {
  /** Path in the build, e.g. assets/index-abc.js (the URL without the leading slash). */
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

const PAGE_READY_TIMEOUT_MS = 120_000;

export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;

async function recordOf(response: Response, origin: string): Promise<LoadedFile | null> {
  const url = new URL(response.url());
  if (url.origin !== origin || !response.ok()) return null;
  const kind = /\.m?js$/.test(url.pathname) ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
  if (!kind) return null;
  const body = await response.body();
  return { file: url.pathname.replace(/^\//, ''), kind, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
}

export async function loadLoginPage(portalUrl: string, locale: BrowserLocale): Promise<LoadedFile[]> {
  const browser = await launchBrowser(chromiumPath());
  try {
    const context = await desktopContext(browser, { locale });
    const page = await context.newPage();
    const origin = new URL(portalUrl).origin;
    const records: Array<Promise<LoadedFile | null>> = [];
    page.on('response', (response) => records.push(recordOf(response, origin)));
    await page.goto(`${portalUrl}/login`, { waitUntil: 'load', timeout: PAGE_READY_TIMEOUT_MS });
    // The form is usable: the password field is on screen (rendered by the lazy login page).
    await page
      .locator('input[autocomplete="current-password"]')
      .waitFor({ state: 'visible', timeout: PAGE_READY_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: PAGE_READY_TIMEOUT_MS });
    const byFile = new Map<string, LoadedFile>();
    for (const record of await Promise.all(records)) if (record) byFile.set(record.file, record);
    return [...byFile.values()].sort((a, b) => a.file.localeCompare(b.file));
  } finally {
    await browser.close();
  }
}
