// Login throughput (issue 10 §1): the real POST /plat/ums/login, with the password sealed as the web
// client seals it (RSA-OAEP, decrypted by the server) and verified with argon2id at the OWASP
// parameters the server uses (src/server/security/passwords.ts), driven by 2 × cores concurrent
// clients for a fixed time. Every login comes with its own slider token, earned before the timed
// window (from its own loopback address) so the window holds logins only.
//
// Floor: argon2id dominates a login. A server that hashes on all cores manages about
// cores × 1000 / verifyMs logins a second; below 40 % of that, hashing is serialised (on the event
// loop or one thread) or something else has become the cost of a login.
import os from 'node:os';
import type { BenchFigure } from './benchFigure';
import { argon2VerifyMs } from './support/loginCalibration';
import { createActiveApplicants, logIn, solveCaptcha } from './support/portalAccounts';
import { LoopbackAddresses } from './support/portalHttp';
import { startBenchPortal } from './support/portalServer';
import { percentile } from './support/runnerStats';

const FLOOR_SHARE = 0.4;
/** Slider tokens live 2 minutes (Limits.captcha.tokenValidMs): never prepare more than this many. */
const MAX_TOKENS = 2_000;

interface Ticket {
  from: string;
  captchaToken: string;
}

async function earnTickets(
  portal: Parameters<typeof solveCaptcha>[0],
  addresses: LoopbackAddresses,
  count: number,
  parallel: number,
): Promise<Ticket[]> {
  const tickets: Ticket[] = [];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (tickets.length < count) {
        const from = addresses.take();
        tickets.push({ from, captchaToken: await solveCaptcha(portal, from) });
      }
    }),
  );
  return tickets;
}

export async function measure(options: { quick: boolean }): Promise<BenchFigure[]> {
  const seconds = options.quick ? 3 : 10;
  const cores = os.availableParallelism();
  const concurrency = 2 * cores;
  const verifyMs = await argon2VerifyMs();
  const portal = await startBenchPortal();
  try {
    const accounts = await createActiveApplicants(portal, concurrency);
    const addresses = new LoopbackAddresses();

    // Warm-up (one login per client), which also tells how many tokens the window will use.
    const warmUp = await earnTickets(portal, addresses, concurrency, concurrency);
    const warmStarted = performance.now();
    await Promise.all(accounts.map((a, i) => logIn(portal, a, warmUp[i]!.from, warmUp[i]!.captchaToken)));
    const warmRate = concurrency / ((performance.now() - warmStarted) / 1000);
    const needed = Math.min(MAX_TOKENS, Math.ceil(warmRate * seconds * 2.5) + concurrency * 4);
    const tickets = await earnTickets(portal, addresses, needed, concurrency);

    const latencies: number[] = [];
    const started = performance.now();
    const deadline = started + seconds * 1000;
    let lastDone = started;
    await Promise.all(
      accounts.map(async (account) => {
        for (let ticket = tickets.pop(); ticket && performance.now() < deadline; ticket = tickets.pop()) {
          const sent = performance.now();
          await logIn(portal, account, ticket.from, ticket.captchaToken);
          lastDone = performance.now();
          latencies.push(lastDone - sent);
        }
      }),
    );
    if (tickets.length === 0)
      console.log('  (login: the prepared slider tokens ran out before the window ended)');
    const rate = latencies.length / ((lastDone - started) / 1000);
    return [
      {
        name: 'loginPerSecond',
        value: rate,
        unit: 'login/s',
        budget: { min: Math.round(FLOOR_SHARE * cores * (1000 / verifyMs) * 10) / 10 },
      },
      { name: 'loginP50Ms', value: percentile(latencies, 50), unit: 'ms' },
      { name: 'loginP95Ms', value: percentile(latencies, 95), unit: 'ms' },
      { name: 'loginArgon2VerifyMs', value: verifyMs, unit: 'ms' },
    ];
  } finally {
    await portal.close();
  }
}
