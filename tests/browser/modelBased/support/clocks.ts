// Moving time for a named delay, in the browser and on the server together: the page's timers run
// on Playwright's fake clock (installed before the app loads), and the portal's clock is moved by the
// same amount, so rules both sides check (the password transport's timestamp, the 60-second resend,
// the lockout) keep agreeing. The browser portal (tests/support/portal.ts) starts the API without a
// clock of its own, so `app.clock` is the system clock object of this worker: its `now` is wrapped
// with an offset here, and the offset goes back to zero at the start of every path.
// LEAD: a `clock?: Clock` option on PortalOptions (passed to buildApp) would make this wrapper go away.
import type { Page } from 'playwright-core';
import type { Portal } from '../../../support/portal';

interface ShiftedClock {
  now(): Date;
  __offsetMs?: number;
  __realNow?: () => Date;
}

function shifted(portal: Portal): Required<ShiftedClock> {
  const clock = portal.app.clock as ShiftedClock;
  if (!clock.__realNow) {
    const realNow = clock.now.bind(clock);
    clock.__realNow = realNow;
    clock.__offsetMs = 0;
    clock.now = () => new Date(realNow().getTime() + (clock.__offsetMs ?? 0));
  }
  return clock as Required<ShiftedClock>;
}

/** Every path starts with the server at real time. */
export function resetServerClock(portal: Portal): void {
  shifted(portal).__offsetMs = 0;
}

/** The browser's fake clock, installed before the app's first script (needed for `advanceBoth`). */
export async function installPageClock(page: Page): Promise<void> {
  await page.clock.install();
}

/** `ms` pass for the page (its due timers fire) and for the server. */
export async function advanceBoth(page: Page, portal: Portal, ms: number): Promise<void> {
  shifted(portal).__offsetMs += ms;
  await page.clock.fastForward(ms);
}
