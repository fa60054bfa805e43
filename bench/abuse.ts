// What abuse costs the abuser and what the puzzle costs a person (issue 29 §1, §5; the decisions and
// the reading of these figures: docs/decisions/abuse-proof-of-work.md).
//
// The bot: a real one, in this process, against the portal in a child process as `npm start` runs
// it (APP_ENV=production, CAPTCHA_WORK_SCALE=1). Each try fetches a puzzle, finds the gap by the
// piece's outline (tests/support/securitySliderSolver.ts 'rim', which finds it on most puzzles),
// does the proof of work with altcha-lib and Node's PBKDF2, and answers with a hand-like drag. Its
// CPU is this process's (process.cpuUsage: the work runs on libuv's pool, which it counts).
// - default: every try from a fresh address (level 0): tokens per CPU-second;
// - portal pressure: the discovery counter at twice its calm count (as a flood leaves it): CPU per
//   token, goal ≥ 1 s;
// - one address, 40 tries, paying in full: its own pressure rises; CPU per token, goal ≥ 1 s;
// - the held-out bot: 40 tries from one address, willing to spend what its gap-finding
//   took (~40 ms) plus 100 ms of work per try: how many tokens (issue: at most 4).
// The person: the production web build in Chromium (playwright-core, /usr/bin/chromium), /login,
// a drag to the gap at a hand's pace (about 1.1 s with pauses); the time from the puzzle shown to
// the token issued (the verify answer): p50 and p95, goal p95 ≤ 1.5 s.
import { chromium, type Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import type { CaptchaChallenge, CaptchaWork } from '../src/contract/api/accounts';
import { AccountPaths } from '../src/contract/api/accounts';
import { Limits } from '../src/contract/limits';
import { captchaChallenges, rateLimitCounters } from '../src/server/db/schema/index';
import { PORTAL_DISCOVERY_KEY } from '../src/server/services/accounts/discoveryLimits';
import { humanTrail } from '../tests/server/accounts/support/accountsClient';
import { CHROMIUM_ARGS } from '../tests/support/browser';
import { solvePosition } from '../tests/support/securitySliderSolver';
import type { BenchFigure } from './benchFigure';
import { buildWebForBench } from './support/bundleBuild';
import { startFrontEndPortal } from './support/bundlePortal';
import { callJson, dataOf, LoopbackAddresses } from './support/portalHttp';
import { startBenchPortal, type BenchPortal } from './support/portalServer';
import { median, percentile } from './support/runnerStats';

const HELD_OUT_WORK_BUDGET_MS = 100;

interface Try {
  token: string | null;
  cpuMs: number;
  /** The level the token names (null without a token). */
  level: number | null;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The work as a bot does it, stopped after `budgetMs` (null: never). */
async function solveWorkWithin(work: CaptchaWork, budgetMs: number | null): Promise<string | null> {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const solution = await solveChallenge({ challenge: work, deriveKey, timeout: budgetMs ?? 0 });
  return solution?.derivedKey ?? null;
}

async function botTry(portal: BenchPortal, from: string, workBudgetMs: number | null = null): Promise<Try> {
  const started = process.cpuUsage();
  const challenge = dataOf(
    await callJson<CaptchaChallenge>(portal.url, 'GET', AccountPaths.captcha, { from }),
    'captcha',
  );
  const x = await solvePosition(challenge, 'rim');
  const work = await solveWorkWithin(challenge.work, workBudgetMs);
  const cpuMs = cpuMsSince(started);
  if (!work) return { token: null, cpuMs, level: null };
  const answer = await callJson<{ captchaToken: string }>(portal.url, 'POST', AccountPaths.captchaVerify, {
    from,
    body: { challengeId: challenge.challengeId, x, trail: humanTrail(x), work },
  });
  const token = answer.code === 200 ? answer.data.captchaToken : null;
  return { token, cpuMs, level: token ? Number(token.slice(token.lastIndexOf('.') + 1)) : null };
}

function cpuSecondsPerToken(tries: Try[]): number {
  const tokens = tries.filter((t) => t.token).length;
  const cpu = tries.reduce((sum, t) => sum + t.cpuMs, 0) / 1000;
  return tokens === 0 ? Infinity : cpu / tokens;
}

async function measureBot(quick: boolean): Promise<BenchFigure[]> {
  const portal = await startBenchPortal({ env: { CAPTCHA_WORK_SCALE: '1', LOG_LEVEL: 'warn' } });
  try {
    const addresses = new LoopbackAddresses(200);
    const fresh: Try[] = [];
    for (let i = 0; i < (quick ? 4 : 16); i++) fresh.push(await botTry(portal, addresses.take()));

    // A flood of discovery calls, as it leaves the portal's counter: twice the calm count.
    await portal.database.db
      .insert(rateLimitCounters)
      .values({
        key: PORTAL_DISCOVERY_KEY,
        count: Limits.discovery.portal.calm * 2,
        resetAt: new Date(Date.now() + 10 * 60_000),
      })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: { count: Limits.discovery.portal.calm * 2, resetAt: new Date(Date.now() + 10 * 60_000) },
      });
    const flooded: Try[] = [];
    for (let i = 0; i < (quick ? 2 : 6); i++) flooded.push(await botTry(portal, addresses.take()));
    await portal.database.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, PORTAL_DISCOVERY_KEY));

    const tries = quick ? 12 : 40;
    const oneAddress = addresses.take();
    const paying: Try[] = [];
    for (let i = 0; i < tries; i++) paying.push(await botTry(portal, oneAddress));

    const heldOutAddress = addresses.take();
    const heldOut: Try[] = [];
    for (let i = 0; i < tries; i++) heldOut.push(await botTry(portal, heldOutAddress, HELD_OUT_WORK_BUDGET_MS));
    const heldOutFresh: Try[] = [];
    for (let i = 0; i < tries; i++)
      heldOutFresh.push(await botTry(portal, addresses.take(), HELD_OUT_WORK_BUDGET_MS));

    const levels = paying.map((t) => t.level ?? -1);
    console.log(
      `  bot: fresh ${fresh.filter((t) => t.token).length}/${fresh.length} tokens, ` +
        `flooded ${flooded.filter((t) => t.token).length}/${flooded.length}, ` +
        `one address ${paying.filter((t) => t.token).length}/${tries} (levels ${levels.join(',')}), ` +
        `held-out one address ${heldOut.filter((t) => t.token).length}/${tries}, ` +
        `held-out fresh addresses ${heldOutFresh.filter((t) => t.token).length}/${tries}`,
    );
    const freshCpu = cpuSecondsPerToken(fresh);
    return [
      { name: 'abuseBotTokensPerCpuSecondDefault', value: 1 / freshCpu, unit: 'token/CPU-s' },
      { name: 'abuseBotCpuSecondsPerTokenDefault', value: freshCpu, unit: 'CPU-s' },
      {
        name: 'abuseBotCpuSecondsPerTokenPortalPressure',
        value: cpuSecondsPerToken(flooded),
        unit: 'CPU-s',
        budget: { min: 1 },
      },
      {
        name: 'abuseBotCpuSecondsPerTokenOneAddress',
        value: cpuSecondsPerToken(paying),
        unit: 'CPU-s',
        budget: { min: 1 },
      },
      { name: 'abuseBotLevelAfter40Tries', value: Math.max(...levels), unit: 'level' },
      {
        name: 'abuseHeldOutTokensOf40OneAddress',
        value: heldOut.filter((t) => t.token).length,
        unit: 'tokens',
        budget: { max: 4 },
      },
      {
        name: 'abuseHeldOutTokensOf40FreshAddresses',
        value: heldOutFresh.filter((t) => t.token).length,
        unit: 'tokens',
      },
    ];
  } finally {
    await portal.close();
  }
}

/** Drags the handle to `x` at a hand's pace: grab, ten uneven moves, a short pause to aim, a
 *  correction, release — about 0.9 s, of which the page's events take what they take. */
async function dragLikeAHand(page: Page, x: number): Promise<void> {
  const handle = page.getByRole('slider');
  const box = (await handle.boundingBox())!;
  const y = box.y + box.height / 2;
  const start = box.x + box.width / 2;
  await page.mouse.move(start, y);
  await page.mouse.down();
  const steps = 10;
  for (let i = 1; i <= steps; i++) {
    const f = i / steps;
    const eased = f < 0.5 ? 2 * f * f : 1 - (-2 * f + 2) ** 2 / 2;
    await page.mouse.move(start + eased * (x + 5), y + Math.sin(i) * 2);
    await page.waitForTimeout(45 + (i % 3) * 10);
  }
  await page.waitForTimeout(150);
  await page.mouse.move(start + x, y + 1, { steps: 3 });
  await page.waitForTimeout(60);
  await page.mouse.up();
}

async function measurePerson(quick: boolean): Promise<BenchFigure[]> {
  const web = await buildWebForBench();
  const portal = await startFrontEndPortal(web.outDir);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    const shownToToken: number[] = [];
    const releaseToToken: number[] = [];
    const dragMs: number[] = [];
    const puzzles = quick ? 3 : 20;
    for (let i = 0; i < puzzles; i++) {
      // A fresh context each time: a new visitor, level 0 (one address, 127.0.0.1, for all of
      // them: the bench waits out nothing, so its first `free` puzzles are level 0 and the rest are
      // told apart below by the token's level).
      const context = await browser.newContext({ locale: 'en-US' });
      const page = await context.newPage();
      const loaded = page.waitForResponse((r) => r.url().endsWith(AccountPaths.captcha));
      await page.goto(`${portal.url}/login`);
      const puzzle = (await (await loaded).json()) as { data: CaptchaChallenge };
      await page.getByRole('slider').waitFor();
      const shown = Date.now();
      const [row] = await portal.app.db
        .select({ gapX: captchaChallenges.gapX })
        .from(captchaChallenges)
        .where(eq(captchaChallenges.id, puzzle.data.challengeId));
      const verified = page.waitForResponse((r) => r.url().endsWith(AccountPaths.captchaVerify));
      const grabbed = Date.now();
      await dragLikeAHand(page, row!.gapX + 1);
      const released = Date.now();
      const answer = (await (await verified).json()) as { code: number; data: { captchaToken: string } };
      const done = Date.now();
      if (answer.code !== 200) throw new Error(`the person's answer was refused (${answer.code})`);
      if (answer.data.captchaToken.endsWith('.0')) {
        shownToToken.push(done - shown);
        releaseToToken.push(done - released);
        dragMs.push(released - grabbed);
      }
      await context.close();
      // The address's own count would raise the level: start each visitor on a quiet address.
      await portal.app.db.delete(rateLimitCounters);
    }
    return [
      { name: 'abusePersonShownToTokenP50Ms', value: median(shownToToken), unit: 'ms' },
      { name: 'abusePersonShownToTokenP95Ms', value: percentile(shownToToken, 95), unit: 'ms', budget: { max: 1500 } },
      // The wait the person notices: from letting go to the token (the work and the answer's trip).
      { name: 'abusePersonReleaseToTokenP95Ms', value: percentile(releaseToToken, 95), unit: 'ms' },
      // How long the scripted hand took from grabbing to letting go (DevTools round trips included).
      { name: 'abusePersonDragP50Ms', value: median(dragMs), unit: 'ms' },
      { name: 'abusePersonPuzzlesMeasured', value: shownToToken.length, unit: 'puzzles' },
    ];
  } finally {
    await browser.close();
    await portal.close();
    web.remove();
  }
}

export async function measure(options: { quick: boolean }): Promise<BenchFigure[]> {
  const person = await measurePerson(options.quick);
  const bot = await measureBot(options.quick);
  return [...person, ...bot];
}
