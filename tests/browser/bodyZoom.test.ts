// Issue 20 §2 (spec §1): the desktop root font size follows the window width (1920 design width,
// at least 12 px) and the body zoom factor scales what is sized in px: the support chat's content
// keeps its 400 × 500 proportions against the rem-sized dialog at every width.
import { describe, expect, test } from 'vitest';
import { Limits, RootFont } from '../../src/contract/limits';
import { text } from './support/catalog';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

/** The chat content's height in px before zoom: the dialog's 500 minus its title bar. */
const CONTENT_PX = Limits.chatDialog.height - 60;

describe('root font and body zoom at several window widths', () => {
  for (const width of [1024, 1440, 1920, 2560]) {
    test(`${width} px wide`, async () => {
      const { page } = await suite.signedInPage({}, { extra: { viewport: { width, height: 1000 } } });
      await page.goto(`${suite.portal().url}/gateway`);
      await page.getByRole('button', { name: text('zh-cn', 'Support chat') }).click();
      const dialog = page.getByRole('dialog', { name: text('zh-cn', 'Support chat') });
      await dialog.waitFor();

      const expectedFont = Math.max(RootFont.desktop.minPx, (16 * width) / RootFont.desktop.designWidth);
      const zoom = expectedFont / 16;
      const measured = await page.evaluate(() => {
        const content = document.querySelector<HTMLElement>('[role="dialog"] [style*="overflow: auto"]');
        return {
          rootFont: parseFloat(getComputedStyle(document.documentElement).fontSize),
          contentHeight: content?.getBoundingClientRect().height ?? -1,
          dialogWidth: document.querySelector('[role="dialog"]')?.getBoundingClientRect().width ?? -1,
        };
      });
      expect(measured.rootFont).toBeCloseTo(expectedFont, 1);
      // The px-sized content scales with the zoom factor, as the rem-sized dialog does with the font.
      expect(measured.contentHeight).toBeCloseTo(CONTENT_PX * zoom, 0);
      expect(measured.dialogWidth).toBeCloseTo(Limits.chatDialog.width * zoom, 0);
    });
  }
});
