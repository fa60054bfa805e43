// API throughput and latency (issue 10 §1, issue 18 §6, issue 31 §5): autocannon at 50 connections
// on an authenticated read (GET /plat/ums/user/info with a real session from a real login), beside two
// yardsticks with the same worker count: a bare Fastify hello-world (the ceiling of any route) and a
// bare Fastify that reads one user by primary key through a pg pool of the portal's size (the floor
// of any route that reads PostgreSQL). Budgets with one worker per server core: p99 ≤ 25 ms,
// portal/bare ≥ 0.35, portal/bare-db ≥ 0.7. The portal runs as in production (APP_ENV=production,
// its default info-level request log, here to a file); the servers are child processes and autocannon
// runs in this one.
// Fair shares (issue 31 §5): with `taskset`, autocannon gets the last core to itself and the servers
// (portal, yardsticks, PostgreSQL) the others — one worker per server core, so on two cores one
// worker on core 0. Without taskset they all share every core, and `apiLoadSeparated` is 0.
// The three are measured in interleaved rounds (bare, bare-db, portal, again…) and each ratio is the
// median of the rounds' ratios: a neighbour's burst of work hits all three alike.
import { AccountPaths } from '../src/contract/api/accounts';
import type { BenchFigure } from './benchFigure';
import { startBareServer } from './support/apiBare';
import { load, type LoadResult } from './support/apiLoad';
import { applyPlan, planCpus, type CpuPlan } from './support/cpuPinning';
import { createActiveApplicants, logIn } from './support/portalAccounts';
import { callJson, dataOf, EN_US_HEADERS, LoopbackAddresses } from './support/portalHttp';
import { eventLoopFigures } from './support/eventLoopFigures';
import { median } from './support/runnerStats';
import { startBenchPortal } from './support/portalServer';
import { cpuMsSince, treeCpuMs } from './support/treeCpu';
import { workerPids } from '../tests/support/processTree';
import type { EventLoopDelayReport } from '../src/server/observability/eventLoopDelay';

const CONNECTIONS = 50;
/** Issue 10's budget with one process; issue 18's with one worker per core. */
const P99_BUDGET_ONE_MS = 50;
const P99_BUDGET_PER_CORE_MS = 25;
const RATIO_BARE_PER_CORE_MIN = 0.35;
const RATIO_DB_FLOOR_PER_CORE_MIN = 0.7;
/** JIT, pools and caches settle before the first measured round. */
const WARM_UP_SECONDS = 2;

interface Target {
  url: string;
  headers?: Record<string, string>;
  /** The processes whose CPU is the server's: the yardstick's, or the portal's HTTP workers (not
   *  its supervisor and engine process, which start up and draw ahead while the rounds run). */
  cpuRoots: () => number[];
}

/** A run and the server CPU it cost per request (µs): the server's tree, PostgreSQL's tree. */
interface Run extends LoadResult {
  serverCpuUs: number;
  postgresCpuUs: number;
}

interface Round {
  api: Run;
  bare: Run;
  bareDb: Run;
}

interface Setting {
  workers: number;
  rounds: Round[];
  /** The portal's workers over the whole setting (login, warm-up, measured runs). */
  loop: readonly EventLoopDelayReport[];
}

async function measureSetting(
  workers: number,
  plan: CpuPlan,
  options: { rounds: number; seconds: number },
): Promise<Setting> {
  const portal = await startBenchPortal({ env: { WORKERS: String(workers) } });
  const rounds: Round[] = [];
  try {
    const [account] = await createActiveApplicants(portal, 1);
    const { token } = await logIn(portal, account!, new LoopbackAddresses().take());
    // The measured route must answer the user, not an error envelope with HTTP 200.
    dataOf(await callJson(portal.url, 'GET', AccountPaths.userInfo, { token }), 'user info');

    const bareServer = await startBareServer({ workers, databaseUrl: portal.databaseUrl });
    const unpin = applyPlan(plan, [portal.pid, portal.postgresPid, bareServer.pid]);
    try {
      const headers = { ...EN_US_HEADERS, authorization: `Bearer ${token}` };
      const targets: Record<keyof Round, Target> = {
        bare: { url: `${bareServer.url}/`, cpuRoots: () => [bareServer.pid] },
        bareDb: { url: `${bareServer.url}/db`, cpuRoots: () => [bareServer.pid] },
        api: {
          url: `${portal.url}/plat${AccountPaths.userInfo}`,
          headers,
          cpuRoots: () => workerPids(portal.pid),
        },
      };
      for (const target of Object.values(targets))
        await load(target.url, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS, headers: target.headers });
      for (let i = 0; i < options.rounds; i++) {
        const run = async (target: Target): Promise<Run> => {
          const before = [treeCpuMs(target.cpuRoots()), treeCpuMs([portal.postgresPid])];
          const result = await load(target.url, {
            connections: CONNECTIONS,
            seconds: options.seconds,
            headers: target.headers,
          });
          const after = [treeCpuMs(target.cpuRoots()), treeCpuMs([portal.postgresPid])];
          const perRequest = (i: number) => (cpuMsSince(before[i]!, after[i]!) * 1000) / result.requests;
          return { ...result, serverCpuUs: perRequest(0), postgresCpuUs: perRequest(1) };
        };
        const bare = await run(targets.bare);
        const bareDb = await run(targets.bareDb);
        const api = await run(targets.api);
        rounds.push({ api, bare, bareDb });
        console.log(
          `  round ${i + 1}: bare ${bare.reqPerSec.toFixed(0)}, bare-db ${bareDb.reqPerSec.toFixed(0)}, ` +
            `portal ${api.reqPerSec.toFixed(0)} req/s (${(api.reqPerSec / bareDb.reqPerSec).toFixed(2)} of ` +
            `bare-db), portal p99 ${api.p99Ms} ms; server CPU a request (server + PostgreSQL): ` +
            `bare-db ${bareDb.serverCpuUs.toFixed(0)} + ${bareDb.postgresCpuUs.toFixed(0)} µs, ` +
            `portal ${api.serverCpuUs.toFixed(0)} + ${api.postgresCpuUs.toFixed(0)} µs`,
        );
      }
    } finally {
      unpin();
      await bareServer.close();
    }
  } finally {
    await portal.close();
  }
  // The workers report when they exit: after close().
  return { workers, rounds, loop: portal.eventLoopDelays() };
}

function figuresOf(setting: Setting, suffix: '' | 'PerCore', p99Max: number): BenchFigure[] {
  const perCore = suffix === 'PerCore';
  const of = (pick: (round: Round) => number) => median(setting.rounds.map(pick));
  return [
    { name: `apiReqPerSec${suffix}`, value: of((r) => r.api.reqPerSec), unit: 'req/s' },
    { name: `bareReqPerSec${suffix}`, value: of((r) => r.bare.reqPerSec), unit: 'req/s' },
    { name: `bareDbReqPerSec${suffix}`, value: of((r) => r.bareDb.reqPerSec), unit: 'req/s' },
    {
      name: `apiVsBareRatio${suffix}`,
      value: of((r) => r.api.reqPerSec / r.bare.reqPerSec),
      unit: 'ratio',
      ...(perCore ? { budget: { min: RATIO_BARE_PER_CORE_MIN } } : {}),
    },
    {
      name: `apiVsBareDbRatio${suffix}`,
      value: of((r) => r.api.reqPerSec / r.bareDb.reqPerSec),
      unit: 'ratio',
      ...(perCore ? { budget: { min: RATIO_DB_FLOOR_PER_CORE_MIN } } : {}),
    },
    { name: `apiP50Ms${suffix}`, value: of((r) => r.api.p50Ms), unit: 'ms' },
    { name: `apiP99Ms${suffix}`, value: of((r) => r.api.p99Ms), unit: 'ms', budget: { max: p99Max } },
    { name: `bareDbP99Ms${suffix}`, value: of((r) => r.bareDb.p99Ms), unit: 'ms' },
    // What the server side spent per request: steadier than req/s when neighbours load the machine.
    { name: `apiServerCpuUs${suffix}`, value: of((r) => r.api.serverCpuUs), unit: 'µs' },
    { name: `apiPostgresCpuUs${suffix}`, value: of((r) => r.api.postgresCpuUs), unit: 'µs' },
    { name: `bareDbServerCpuUs${suffix}`, value: of((r) => r.bareDb.serverCpuUs), unit: 'µs' },
    { name: `bareDbPostgresCpuUs${suffix}`, value: of((r) => r.bareDb.postgresCpuUs), unit: 'µs' },
    ...eventLoopFigures('api', setting.loop, suffix),
  ];
}

export async function measure(options: { quick: boolean }): Promise<BenchFigure[]> {
  const timing = options.quick ? { rounds: 1, seconds: 3 } : { rounds: 3, seconds: 5 };
  const plan = planCpus();
  const serverCores = plan.serverCpus.length;
  if (plan.separated)
    console.log(
      `  servers on core ${plan.serverCpus.join(',')}, load generator on core ${plan.loadCpus.join(',')}`,
    );
  else console.log(`  servers and load generator share every core (${plan.reason})`);
  const one = await measureSetting(1, plan, timing);
  // With two cores and taskset, one worker per server core is the one-worker setting: measured once.
  const perCore = serverCores === 1 ? one : await measureSetting(serverCores, plan, timing);
  return [
    { name: 'apiCores', value: serverCores, unit: 'workers' },
    { name: 'apiLoadSeparated', value: plan.separated ? 1 : 0, unit: 'bool' },
    ...figuresOf(one, '', P99_BUDGET_ONE_MS),
    ...figuresOf(perCore, 'PerCore', P99_BUDGET_PER_CORE_MS),
  ];
}
