// The watermark (DECISIONS.md): its look, its text, and that it comes back when removed or hidden.
import { afterEach, describe, expect, it } from 'vitest';
import { Watermark } from '../../src/contract/limits';
import { mountWatermark, WATERMARK_ATTR, watermarkTile } from '../../src/web/shell/watermarkLayer';
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
  it('covers the page with the DECISIONS.md look and lets clicks through', () => {
    unmount = mountWatermark('a@b.co');
    const el = layer()!;
    expect(el.style.position).toBe('fixed');
    expect(el.style.zIndex).toBe(String(Watermark.zIndex));
    expect(el.style.pointerEvents).toBe('none');
    expect(el.style.backgroundSize).toBe(
      `${Watermark.width + Watermark.gapX}px ${Watermark.height + Watermark.gapY}px`,
    );
    const svg = decodeURIComponent(watermarkTile('a@b.co'));
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
    expect(decodeURIComponent(watermarkTile('<x>&'))).toContain('&#60;x&#62;&#38;');
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
    expect(watermarkText({ ...user, enterpriseCertificationStatus: 2 })).toBe('a@b.co OP12345678');
    expect(watermarkText({ ...user, enterpriseCertificationStatus: 2, operatorId: null })).toBe('a@b.co');
    expect(watermarkText(null)).toBe('');
  });
});
