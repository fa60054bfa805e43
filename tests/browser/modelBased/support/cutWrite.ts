// A broken connection for one call, as failNextRequest (uiModel.ts) makes it, whose consequences
// pass on the clocks instead of in real time: the client sends a cut write again after 1 s and 3 s
// (Limits.idempotency.retryDelaysMs, src/web/api/writeRetry.ts) before the page shows the network
// message, 4 s of real waiting per error branch otherwise. The page's clock must be installed
// before the page loads (clocks.ts installPageClock); the server's clock moves with it.
import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { Limits } from '../../../../src/contract/limits';
import type { PlannedPath } from '../../../../src/tools/machineGraph/pathPlan';
import type { Portal } from '../../../support/portal';
import { IDEMPOTENCY_HEADER } from '../../../../src/contract/idempotency';
import { advanceBoth } from './clocks';
import { failOneCall } from './uiModel';

export interface CutCall {
  /** Moves both clocks through the client's pauses until its last try has been cut. */
  resendsPassed(): Promise<void>;
}

/** How far the clocks move per step while the client pauses: well below its shortest pause. */
const STEP_MS = 250;

/**
 * The next call to `pathname` (or to a path it accepts, for paths with an id) and every resend of
 * it fails as a broken network would. With `only`, requests it refuses (another step's save to the
 * same path) pass untouched and are not counted.
 */
export async function cutNextCall(
  page: Page,
  portal: Portal,
  pathname: string | ((pathname: string) => boolean),
  only?: (request: Request) => boolean,
): Promise<CutCall> {
  const matches = typeof pathname === 'string' ? (p: string) => p === pathname : pathname;
  const failing = failOneCall();
  let cuts = 0;
  let keyed = false;
  await page.route(
    (url) => matches(url.pathname),
    async (route) => {
      if ((only && !only(route.request())) || !failing(route.request())) return route.fallback();
      if (cuts++ === 0) keyed = route.request().headers()[IDEMPOTENCY_HEADER] !== undefined;
      return route.abort('connectionfailed');
    },
  );
  // A write is tried once and again after each pause; a read (no key) once.
  const tries = () => (keyed ? 1 + Limits.idempotency.retryDelaysMs.length : 1);
  return {
    async resendsPassed() {
      // Each cut's pause passes in one move of the clocks (the client waits exactly that long);
      // should the client not have started its pause yet, the small steps after the move pass it.
      let pausesPassed = 0;
      await expect
        .poll(async () => {
          if (cuts > 0 && cuts >= tries()) return true;
          if (cuts > pausesPassed) {
            await advanceBoth(page, portal, Limits.idempotency.retryDelaysMs[cuts - 1]!);
            pausesPassed = cuts;
          } else if (cuts > 0) await advanceBoth(page, portal, STEP_MS);
          return false;
        })
        .toBe(true);
    },
  };
}

/** A path with an error branch cuts a call: its page needs the fake clock from the start. */
export function cutsACall(path: PlannedPath): boolean {
  return path.events.some((event) => event.type.startsWith('xstate.error.actor.'));
}
