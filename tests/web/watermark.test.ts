// The watermark (docs/product-rules.md): its look, its text, and that it comes back when removed or hidden.
import { afterEach, describe, expect, it } from 'vitest';
import { Watermark } from '../../src/contract/limits';
import {
  mountWatermark,
  tileGeometry,
  WATERMARK_ATTR,
  watermarkTile,
} from '../../src/web/shell/watermarkLayer';
import { watermarkText } from '../../src/web/shell/watermarkText';
import type { SessionUser } from '../../src/web/session/sessionStore';

const flush = () => new Promise((r) => setTimeout(r, 0));
const layer = () => document.querySelector<HTMLElement>(`[${WATERMARK_ATTR}]`);

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

describe('watermark layer', () => {
  it('covers the page with the docs/product-rules.md look and lets clicks through', () => {
    unmount = mountWatermark('a@b.co');
    const el = layer()!;
    expect(el.style.position).toBe('fixed');
    expect(el.style.zIndex).toBe(String(Watermark.zIndex));
    expect(el.style.pointerEvents).toBe('none');
    // A short email fits the spec's 120 × 64; the tile is that block rotated, then the gap.
    const { geometry } = watermarkTile('a@b.co');
    expect([geometry.contentWidth, geometry.contentHeight]).toEqual([Watermark.width, Watermark.height]);
    expect(el.style.backgroundSize).toBe(`${geometry.cellWidth}px ${geometry.cellHeight}px`);
    expect(geometry.cellWidth - geometry.tileWidth).toBe(Watermark.gapX);
    expect(geometry.cellHeight - geometry.tileHeight).toBe(Watermark.gapY);
    const svg = decodeURIComponent(watermarkTile('a@b.co').url);
    expect(svg).toContain(`rotate(${Watermark.rotateDeg} `);
    expect(svg).toContain(`font-size="${Watermark.fontSize}"`);
    expect(svg).toContain(`rgba(0,0,0,${Watermark.opacity})`);
    expect(svg).toContain('>a@b.co</text>');
  });

  it('comes back after a script removes it', async () => {
    unmount = mountWatermark('a@b.co');
    layer()!.remove();
    expect(layer()).toBeNull();
    await flush();
    expect(layer()).not.toBeNull();
    // And again: the observer watches the new element too.
    layer()!.remove();
    await flush();
    expect(document.querySelectorAll(`[${WATERMARK_ATTR}]`)).toHaveLength(1);
  });

  it('comes back after a script hides it through its style, class or hidden attribute', async () => {
    unmount = mountWatermark('a@b.co');
    layer()!.style.display = 'none';
    await flush();
    expect(layer()!.style.display).toBe('block');
    layer()!.style.opacity = '0';
    await flush();
    expect(layer()!.style.opacity).toBe('1');
    layer()!.hidden = true;
    await flush();
    expect(layer()!.hidden).toBe(false);
    layer()!.className = 'hide';
    await flush();
    expect(layer()!.className).toBe('');
  });

  it('goes away for good when unmounted', async () => {
    mountWatermark('a@b.co')();
    await flush();
    expect(layer()).toBeNull();
  });

  it('escapes the text', () => {
    expect(decodeURIComponent(watermarkTile('<x>&').url)).toContain('&#60;x&#62;&#38;');
  });

  it('grows the tile to the measured text, keeping angle, font size and gap (issue 20 §1)', () => {
    const angle = (Math.abs(Watermark.rotateDeg) * Math.PI) / 180;
    const g = tileGeometry([300, 110], 20);
    expect(g.contentWidth).toBe(300);
    expect(g.contentHeight).toBe(Watermark.height);
    // The rotated block's corners all lie inside the tile.
    expect(g.tileWidth).toBeGreaterThanOrEqual(300 * Math.cos(angle) + 64 * Math.sin(angle));
    expect(g.tileHeight).toBeGreaterThanOrEqual(300 * Math.sin(angle) + 64 * Math.cos(angle));
    expect([g.cellWidth - g.tileWidth, g.cellHeight - g.tileHeight]).toEqual([
      Watermark.gapX,
      Watermark.gapY,
    ]);
    // Many lines grow the height.
    expect(tileGeometry([100, 100, 100, 100], 24).contentHeight).toBeGreaterThan(Watermark.height);
  });

  it('puts each line in its own text element', () => {
    const svg = decodeURIComponent(watermarkTile('a@b.co\nOP12345678').url);
    expect(svg).toContain('>a@b.co</text>');
    expect(svg).toContain('>OP12345678</text>');
  });
});

describe('watermark text', () => {
  const user: SessionUser = {
    isLogin: true,
    token: 't',
    operatorId: 'OP12345678',
    userInfo: { email: 'a@b.co' },
    enterpriseCertificationStatus: 1,
    enterpriseAuditStatus: 1,
    companyCreditCode: null,
    companyName: null,
  };
  it('is the email before certification, email and operator id once certified', () => {
    expect(watermarkText(user)).toBe('a@b.co');
    expect(watermarkText({ ...user, enterpriseCertificationStatus: 2 })).toBe('a@b.co\nOP12345678');
    expect(watermarkText({ ...user, enterpriseCertificationStatus: 2, operatorId: null })).toBe('a@b.co');
    expect(watermarkText(null)).toBe('');
  });
});
