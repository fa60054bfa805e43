// A person without a mouse: Tab until the control has focus (proving it is in the tab order), then
// keys. Nothing here clicks, hovers or drags.
import type { FileChooser, Locator, Page } from 'playwright-core';
import type { Locale } from '../../../src/contract/envelope';
import { KEY_STEP_PX } from '../../../src/web/features/captcha/useSliderHandle';
import { text } from './catalog';
import { puzzleOnScreen, type Puzzles } from './slider';

/** What has focus now, for a failure message. */
function focusedNow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(nothing: body)';
    const name = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()} ${el.id ? `id=${el.id} ` : ''}name="${name}">`;
  });
}

const hasFocus = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/**
 * Presses Tab (or Shift+Tab) until `target` holds the focus; fails when it is not reached within
 * `max` presses, i.e. when the control is not in the tab order.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 300, backwards = false }: { max?: number; backwards?: boolean } = {},
): Promise<void> {
  await target.waitFor({ timeout: 30_000 });
  for (let presses = 0; presses <= max; presses++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `not reached with ${backwards ? 'Shift+Tab' : 'Tab'} in ${max} presses; focus is on ${await focusedNow(page)}`,
  );
}

/** Tab to a field and type into it. */
export async function typeInto(page: Page, field: Locator, value: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(value);
}

/** Tab to a button or link and press Enter on it. */
export async function activate(page: Page, control: Locator): Promise<void> {
  await tabTo(page, control);
  await page.keyboard.press('Enter');
}

/**
 * A held arrow key repeats about every 30 ms; a person tapping is slower. Playwright presses within
 * a millisecond or two: a near gap (85 px, 42 presses) was answered in 70 ms and refused as faster
 * than a hand (CaptchaPuzzle.minDragMs, 100 ms), a far one passed: a flaky test on a quiet machine.
 */
const KEY_REPEAT_MS = 15;

/**
 * The slider captcha by keys: Tab to the handle, arrow keys to the gap (KEY_STEP_PX a press, at a
 * held key's pace), Enter. The gap is read as the mouse helper reads it (the picture matched to
 * its puzzle).
 */
export async function solveSliderByKeys(page: Page, locale: Locale, puzzles: Puzzles): Promise<void> {
  const { slider, gapX } = await puzzleOnScreen(page, locale, puzzles);
  await tabTo(page, slider);
  for (let moved = 0; moved + KEY_STEP_PX <= gapX; moved += KEY_STEP_PX) {
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(KEY_REPEAT_MS);
  }
  await page.keyboard.press('Enter');
  await page.getByText(text(locale, 'Verified'), { exact: true }).waitFor({ timeout: 30_000 });
}

/**
 * Tab to a file control and open the file chooser with `key` (Enter or Space). On a loaded machine
 * the page could still re-render the step right after the control took the focus (CI once saw no
 * chooser within 30 s): the focus is then checked again and the key pressed once more, and a
 * control that never opens the chooser fails with where the focus was.
 */
export async function openChooserByKey(
  page: Page,
  target: Locator,
  key: 'Enter' | 'Space',
  options: { backwards?: boolean } = {},
): Promise<FileChooser> {
  let lastFocus = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    await tabTo(page, target, options);
    const [opened] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: 10_000 }).catch(() => null),
      page.keyboard.press(key),
    ]);
    if (opened) return opened;
    lastFocus = await focusedNow(page);
  }
  throw new Error(`${key} on the file control opened no chooser; focus was on ${lastFocus}`);
}
