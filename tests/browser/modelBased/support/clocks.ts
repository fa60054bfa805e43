// Moving time for a named delay, in the browser and on the server together: the page's timers run
// on Playwright's fake clock (installed before the app loads), and the portal's clock is moved by the
// same amount, so rules both sides check (the password transport's timestamp, the 60-second resend,
// the lockout) keep agreeing. The browser portal's clock (tests/support/portal.ts) follows real time
// and can be moved; every path starts with it back at real time.
import type { Page } from 'playwright-core';
import type { Clock } from '../../../../src/server/types';
import type { MovableClock, Portal } from '../../../support/portal';

function isMovable(clock: Clock): clock is MovableClock {
  const candidate = clock as Partial<MovableClock>;
  return typeof candidate.advance === 'function' && typeof candidate.reset === 'function';
}

/** The portal's own clock; a portal started with a fixed clock of a test's own cannot be moved here. */
function serverClock(portal: Portal): MovableClock {
  const clock = portal.app.clock;
  if (!isMovable(clock))
    throw new Error('the portal was started with a clock that cannot be moved (PortalOptions.clock)');
  return clock;
}

/** Every path starts with the server at real time. */
export function resetServerClock(portal: Portal): void {
  serverClock(portal).reset();
}

/** The browser's fake clock, installed before the app's first script (needed for `advanceBoth`). */
export async function installPageClock(page: Page): Promise<void> {
  await page.clock.install();
}

/** `ms` pass for the page (its due timers fire) and for the server. */
export async function advanceBoth(page: Page, portal: Portal, ms: number): Promise<void> {
  serverClock(portal).advance(ms);
  await page.clock.fastForward(ms);
}

/**
 * `ms` pass for the server only: for time that passes before the page opens (a link older than its
 * validity), when the page has no clock of its own yet to agree with.
 */
export function advanceServer(portal: Portal, ms: number): void {
  serverClock(portal).advance(ms);
}
