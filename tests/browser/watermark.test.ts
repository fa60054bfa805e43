// The watermark (spec §1, DECISIONS.md): the user's email (plus the operator id once certified)
// tiled over every page but /login and /404, and back at once when a script removes or hides it.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { Watermark } from '../../src/contract/limits';
import { WATERMARK_ATTR } from '../../src/web/shell/watermarkLayer';
import { text } from './support/catalog';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const SELECTOR = `[${WATERMARK_ATTR}]`;

interface LayerState {
  count: number;
  visible: boolean;
  zIndex: string;
  pointerEvents: string;
  position: string;
  /** The decoded SVG tile. */
  tile: string;
}

/** What the user sees of the watermark: how many layers, and whether the one there is shown. */
function layerState(page: Page): Promise<LayerState> {
  return page.evaluate((selector) => {
    const layers = [...document.querySelectorAll<HTMLElement>(selector)];
    const layer = layers[0];
    if (!layer) return { count: 0, visible: false, zIndex: '', pointerEvents: '', position: '', tile: '' };
    const s = getComputedStyle(layer);
    const rect = layer.getBoundingClientRect();
    const visible =
      layer.isConnected &&
      !layer.hidden &&
      s.display !== 'none' &&
      s.visibility === 'visible' &&
      Number(s.opacity) > 0 &&
      rect.width >= window.innerWidth &&
      rect.height >= window.innerHeight;
    const url = /url\("?(.*?)"?\)$/.exec(s.backgroundImage)?.[1] ?? '';
    const tile = decodeURIComponent(url.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
    return {
      count: layers.length,
      visible,
      zIndex: s.zIndex,
      pointerEvents: s.pointerEvents,
      position: s.position,
      tile,
    };
  }, SELECTOR);
}

/** Waits until exactly one visible watermark layer shows `email`. */
function waitForWatermark(page: Page, email: string) {
  return page.waitForFunction(
    ({ selector, email }) => {
      const layers = [...document.querySelectorAll<HTMLElement>(selector)];
      const layer = layers[0];
      if (layers.length !== 1 || !layer || layer.hidden) return false;
      const s = getComputedStyle(layer);
      return (
        s.display !== 'none' &&
        s.visibility === 'visible' &&
        Number(s.opacity) > 0 &&
        decodeURIComponent(s.backgroundImage).includes(email)
      );
    },
    { selector: SELECTOR, email },
  );
}

async function gatewayWithWatermark(seed: Parameters<typeof suite.signedInPage>[0] = {}) {
  const { page, user } = await suite.signedInPage(seed);
  await page.goto(`${suite.portal().url}/gateway`);
  await page.getByRole('heading', { level: 1, name: text('zh-cn', 'Home') }).waitFor();
  const email = user.sessionUser.userInfo.email;
  await waitForWatermark(page, email);
  return { page, email };
}

describe('watermark', () => {
  test("is on /gateway with the user's email, as the spec draws it", async () => {
    const { page, email } = await gatewayWithWatermark();
    const state = await layerState(page);
    expect(state).toMatchObject({
      count: 1,
      visible: true,
      zIndex: String(Watermark.zIndex),
      pointerEvents: 'none',
      position: 'fixed',
    });
    expect(state.tile).toContain(email);
    expect(state.tile).toContain(`rotate(${Watermark.rotateDeg}`);
    expect(state.tile).toContain(`font-size="${Watermark.fontSize}"`);
    expect(state.tile).toContain(`${Watermark.opacity})`);
  });

  test('carries the operator id once certification is completed', async () => {
    const { page } = await gatewayWithWatermark({
      certificationStatus: 2,
      auditStatus: 2,
      operatorId: 'OP12345678',
    });
    expect((await layerState(page)).tile).toContain('OP12345678');
  });

  test('is not on /login', async () => {
    const page = await suite.page(await suite.context());
    await page.goto(`${suite.portal().url}/login`);
    await page.getByRole('heading', { level: 1, name: text('zh-cn', 'Log in') }).waitFor();
    expect((await layerState(page)).count).toBe(0);
  });

  test('is not on /404', async () => {
    const { page } = await suite.signedInPage();
    await page.goto(`${suite.portal().url}/no-such-page`);
    await page.getByRole('heading', { level: 1, name: text('zh-cn', 'Page not found') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
    expect((await layerState(page)).count).toBe(0);
  });

  test('leaves when the user moves from /gateway to /404 inside the app', async () => {
    const { page } = await gatewayWithWatermark();
    await page.evaluate(() => {
      history.pushState(null, '', '/no-such-page');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: text('zh-cn', 'Page not found') }).waitFor();
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 0, SELECTOR);
  });

  test('returns after a script removes it', async () => {
    const { page, email } = await gatewayWithWatermark();
    await page.evaluate((selector) => document.querySelector(selector)?.remove(), SELECTOR);
    await waitForWatermark(page, email);
    expect((await layerState(page)).visible).toBe(true);
  });

  // Each a different way a script could hide the layer while leaving it in the DOM.
  const hidings = [
    'display none',
    'visibility hidden',
    'opacity 0',
    'the hidden attribute',
    'a rewritten style attribute',
    'the background removed',
    'a class that hides it',
  ] as const;

  for (const how of hidings) {
    test(`returns after a script hides it with ${how}`, async () => {
      const { page, email } = await gatewayWithWatermark();
      // The page's CSP forbids eval, so the hiding scripts are spelled out here, not passed as text.
      await page.evaluate(
        ({ selector, how }) => {
          const el = document.querySelector<HTMLElement>(selector);
          if (!el) throw new Error('no watermark to hide');
          if (how === 'display none') el.style.display = 'none';
          else if (how === 'visibility hidden') el.style.visibility = 'hidden';
          else if (how === 'opacity 0') el.style.opacity = '0';
          else if (how === 'the hidden attribute') el.hidden = true;
          else if (how === 'a rewritten style attribute') el.setAttribute('style', 'display:none');
          else if (how === 'the background removed') el.style.backgroundImage = 'none';
          else {
            const sheet = document.createElement('style');
            sheet.textContent = '.wm-off { display: none !important; }';
            document.head.appendChild(sheet);
            el.className = 'wm-off';
          }
        },
        { selector: SELECTOR, how },
      );
      await waitForWatermark(page, email);
      expect((await layerState(page)).visible).toBe(true);
    });
  }
});
