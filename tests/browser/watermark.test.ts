// The watermark (spec §1, docs/product-rules.md): the user's email (plus the operator id once certified)
// tiled over every page but /login and /404, and back at once when a script removes or hides it.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Watermark } from '../../src/contract/limits';
import { users } from '../../src/server/db/schema/index';
import { seedSignedInUser } from '../support/portal';
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

/** What reading the tile back shows: ink outside the tile (cut off or in the gap), and for each line
 *  how much of its ink the tile shows compared with the same line drawn with room all around. */
interface TileReadBack {
  cell: { width: number; height: number };
  inkOutsideTile: number;
  lines: Array<{ text: string; inkInTile: number; inkUnclipped: number }>;
}

/** Draws the layer's tile on a canvas and counts its ink, one text line at a time. */
function readTileBack(page: Page): Promise<TileReadBack> {
  return page.evaluate(
    async ({ selector, gapX, gapY }) => {
      const layer = document.querySelector<HTMLElement>(selector);
      if (!layer) throw new Error('no watermark layer');
      const s = getComputedStyle(layer);
      const [width, height] = s.backgroundSize.split(' ').map((v) => Math.round(parseFloat(v)));
      const url = /url\("?(.*?)"?\)$/.exec(s.backgroundImage)?.[1] ?? '';
      const source = decodeURIComponent(url.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
      const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
      const texts = [...doc.querySelectorAll('text')];
      const MARGIN = 1500;

      async function ink(svgText: string, w: number, h: number) {
        const img = new Image();
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0, w, h);
        return ctx.getImageData(0, 0, w, h).data;
      }
      const count = (data: Uint8ClampedArray, w: number, keep: (x: number, y: number) => boolean) => {
        let n = 0;
        for (let i = 3; i < data.length; i += 4) {
          const p = (i - 3) / 4;
          if (data[i]! > 0 && keep(p % w, Math.floor(p / w))) n++;
        }
        return n;
      };
      /** The tile's SVG with only line `keep`, at its own size or with a margin all around. */
      function only(keep: number, margin: number) {
        const copy = doc.documentElement.cloneNode(true) as SVGSVGElement;
        [...copy.querySelectorAll('text')].forEach((t, i) => {
          if (i !== keep) t.remove();
        });
        copy.setAttribute('width', String(width! + 2 * margin));
        copy.setAttribute('height', String(height! + 2 * margin));
        const g = doc.createElementNS('http://www.w3.org/2000/svg', 'g');
        g.setAttribute('transform', `translate(${margin} ${margin})`);
        while (copy.firstChild) g.appendChild(copy.firstChild);
        copy.appendChild(g);
        return new XMLSerializer().serializeToString(copy);
      }

      const tileW = width! - gapX;
      const tileH = height! - gapY;
      const whole = await ink(source, width!, height!);
      const inkOutsideTile =
        count(whole, width!, (x, y) => x >= tileW || y >= tileH) +
        // Ink on the outermost pixels means the text runs on past the edge.
        count(whole, width!, (x, y) => x === 0 || y === 0);
      const lines = [];
      for (let i = 0; i < texts.length; i++) {
        const inTile = await ink(only(i, 0), width!, height!);
        const big = await ink(only(i, MARGIN), width! + 2 * MARGIN, height! + 2 * MARGIN);
        lines.push({
          text: texts[i]!.textContent ?? '',
          inkInTile: count(inTile, width!, (x, y) => x < tileW && y < tileH),
          inkUnclipped: count(big, width! + 2 * MARGIN, () => true),
        });
      }
      return { cell: { width: width!, height: height! }, inkOutsideTile, lines };
    },
    { selector: SELECTOR, gapX: Watermark.gapX, gapY: Watermark.gapY },
  );
}

describe('watermark fits its tile (issue 20 §1)', () => {
  for (const locale of ['zh-cn', 'en-us'] as const) {
    test(`a long email and the operator id: every line whole inside its tile, ${locale}`, async () => {
      const portal = suite.portal();
      // Operator ids are unique: one of its own per test.
      const operatorId = `OP${String(Date.now()).slice(-8)}`;
      const user = await seedSignedInUser(portal, {
        certificationStatus: 2,
        auditStatus: 2,
        operatorId,
        language: locale,
      });
      const longEmail = `finance.department.accounts-payable.${Date.now()}@subsidiary.example-holdings.com`;
      await portal.app.db
        .update(users)
        .set({ email: longEmail })
        .where(eq(users.email, user.sessionUser.userInfo.email));
      user.sessionUser.userInfo.email = longEmail;
      const context = await suite.context({ locale, seeded: user });
      const page = await suite.page(context);
      await page.goto(`${portal.url}/gateway?lang=${locale}`);
      await page.getByRole('heading', { level: 1, name: text(locale, 'Home') }).waitFor();
      await waitForWatermark(page, longEmail);

      const read = await readTileBack(page);
      expect(read.lines.map((l) => l.text).join(' ')).toContain(longEmail);
      expect(read.lines.map((l) => l.text).join(' ')).toContain(operatorId);
      expect(read.inkOutsideTile).toBe(0);
      for (const line of read.lines) {
        expect(line.inkUnclipped).toBeGreaterThan(100);
        // All of the line's ink is in the tile: nothing cut off.
        expect(line.inkInTile / line.inkUnclipped).toBeGreaterThan(0.99);
      }
      // The spec's look is kept: angle, font size, opacity; the gap is the spec's.
      const { tile } = await layerState(page);
      expect(tile).toContain(`rotate(${Watermark.rotateDeg} `);
      expect(tile).toContain(`font-size="${Watermark.fontSize}"`);
      expect(tile).toContain(`rgba(0,0,0,${Watermark.opacity})`);
    });
  }
});

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
