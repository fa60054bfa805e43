// The slider captcha, solved as a person solves it. The browser never learns where the gap is: the
// test matches the picture on screen to the puzzle the page was given and looks its gap up in the
// database, the way a person reads it off the picture.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { AccountPaths } from '../../../src/contract/api/accounts';
import type { Locale } from '../../../src/contract/envelope';
import { captchaChallenges } from '../../../src/server/db/schema/index';
import type { Portal } from '../../support/portal';
import { text } from './catalog';

export interface Puzzles {
  /** The puzzle whose background picture is `src`, once its answer has arrived. */
  idOf(src: string): string | undefined;
  portal: Portal;
}

/**
 * Remembers every puzzle the page is given, by its picture. The answers are read as they pass
 * through a route (in Node), not afterwards from Chromium's network buffer: on a loaded CI machine
 * the buffer had let go of a puzzle's body before the test asked for it, and the puzzle on screen
 * was never learnt. A later route of the test must pass the puzzle on with `route.fallback()`.
 */
export async function watchPuzzles(page: Page, portal: Portal): Promise<Puzzles> {
  const byPicture = new Map<string, string>();
  await page.route(
    (url) => url.pathname === `/plat${AccountPaths.captcha}`,
    async (route) => {
      try {
        const response = await route.fetch({ timeout: 0 });
        if (response.status() === 200) {
          const body = (await response.json()) as { data?: { challengeId?: string; background?: string } };
          if (body.data?.challengeId && body.data.background)
            byPicture.set(body.data.background, body.data.challengeId);
        }
        await route.fulfill({ response });
      } catch {
        // The page went away meanwhile (or the portal stopped): nothing to learn.
        await route.abort('failed').catch(() => undefined);
      }
    },
  );
  return { idOf: (src) => byPicture.get(src), portal };
}

async function gapOf(portal: Portal, challengeId: string): Promise<number> {
  const [row] = await portal.app.db
    .select({ gapX: captchaChallenges.gapX })
    .from(captchaChallenges)
    .where(eq(captchaChallenges.id, challengeId));
  if (!row) throw new Error(`puzzle ${challengeId} is not in captcha_challenges`);
  return row.gapX;
}

/** The puzzle on screen (its slider visible, not yet solved) and where its gap is. */
export async function puzzleOnScreen(page: Page, locale: Locale, puzzles: Puzzles) {
  const section = page.getByRole('region', { name: text(locale, 'Slider verification') });
  const slider = section.getByRole('slider', { name: text(locale, 'Slide to complete the puzzle') });
  await slider.waitFor();
  // The picture is read again on every poll: right after a logout or a refresh the slider can show
  // for a moment before its new puzzle's picture replaces the previous one. The bound is a UI
  // wait, not expect.poll's default second: on a loaded CI machine the puzzle's answer came later.
  let challengeId: string | undefined;
  await expect
    .poll(
      async () => {
        const picture = (await section.locator('img').first().getAttribute('src')) ?? '';
        return (challengeId = puzzles.idOf(picture));
      },
      { timeout: PUZZLE_TIMEOUT },
    )
    .toBeDefined();
  return { slider, gapX: await gapOf(puzzles.portal, challengeId!) };
}

/** How long the puzzle's picture and answer may take to arrive (a Playwright wait's default). */
const PUZZLE_TIMEOUT = 30_000;

const pause = (page: Page, ms: number) => page.waitForTimeout(ms);

/** Press, drag in uneven eased steps with a wobbling hand, overshoot a little, settle, let go.
 *  `whileHeld` runs with the handle over the gap, before the release. */
export async function dragSlider(
  page: Page,
  locale: Locale,
  puzzles: Puzzles,
  whileHeld?: (gapX: number) => Promise<void>,
): Promise<void> {
  const { slider, gapX } = await puzzleOnScreen(page, locale, puzzles);
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  if (!box) throw new Error('the slider handle has no box');
  const startX = box.x + box.width / 2;
  const startY = box.y + box.height / 2;
  await page.mouse.move(startX - 6, startY + 3);
  await pause(page, 60);
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await pause(page, 80);
  const steps = 14;
  const overshoot = 4;
  for (let i = 1; i <= steps; i++) {
    // Ease in and out: slow start, fast middle, slow approach.
    const progress = (1 - Math.cos((Math.PI * i) / steps)) / 2;
    const jitterY = Math.round(Math.sin(i * 1.7) * 2);
    await page.mouse.move(startX + (gapX + overshoot) * progress, startY + jitterY);
    await pause(page, 15 + ((i * 7) % 20));
  }
  await page.mouse.move(startX + gapX + 1, startY + 1);
  await pause(page, 40);
  await page.mouse.move(startX + gapX, startY);
  await pause(page, 60);
  await whileHeld?.(gapX);
  await page.mouse.up();
  await page.getByText(text(locale, 'Verified'), { exact: true }).waitFor();
}
