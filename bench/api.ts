// API throughput and latency (issue 10 §1, issue 18 §6): autocannon at 50 connections on an
// authenticated read (GET /plat/ums/user/info with a real session from a real login), with the
// portal on one worker and on one worker per core (`WORKERS`), in the same run as two yardsticks
// with the same worker counts: a bare Fastify hello-world (the ceiling of any route) and a bare
// Fastify that reads one user by primary key through a pg pool of the portal's size (the floor of
// any route that reads PostgreSQL). Budgets with one worker per core: p99 ≤ 25 ms, portal/bare ≥
// 0.35, portal/bare-db ≥ 0.7. The portal runs as in production (APP_ENV=production, its default
// info-level request log, here to a file); the servers are child processes and autocannon runs in
// this one — on a small machine it takes a core of its own, which every setting pays alike.
import { availableParallelism } from 'node:os';
import { AccountPaths } from '../src/contract/api/accounts';
import type { BenchFigure } from './benchFigure';
import { startBareServer } from './support/apiBare';
import { load, type LoadResult } from './support/apiLoad';
import { createActiveApplicants, logIn } from './support/portalAccounts';
import { callJson, dataOf, EN_US_HEADERS, LoopbackAddresses } from './support/portalHttp';
import { eventLoopFigures } from './support/eventLoopFigures';
import { startBenchPortal } from './support/portalServer';
import type { EventLoopDelayReport } from '../src/server/observability/eventLoopDelay';

const CONNECTIONS = 50;
/** Issue 10's budget with one process; issue 18's with one worker per core. */
const P99_BUDGET_ONE_MS = 50;
const P99_BUDGET_PER_CORE_MS = 25;
const RATIO_BARE_PER_CORE_MIN = 0.35;
const RATIO_DB_FLOOR_PER_CORE_MIN = 0.7;
/** JIT, pools and caches settle before the measured run. */
const WARM_UP_SECONDS = 2;

async function measured(url: string, seconds: number, headers?: Record<string, string>): Promise<LoadResult> {
  await load(url, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS, headers });
  return load(url, { connections: CONNECTIONS, seconds, headers });
}

interface Setting {
  workers: number;
  api: LoadResult;
  bare: LoadResult;
  bareDb: LoadResult;
  /** The portal's workers over the whole setting (login, warm-up, measured run). */
  loop: readonly EventLoopDelayReport[];
}

async function measureSetting(workers: number, seconds: number): Promise<Setting> {
  const portal = await startBenchPortal({ env: { WORKERS: String(workers) } });
  let measuredSetting: Omit<Setting, 'loop'>;
  try {
    const [account] = await createActiveApplicants(portal, 1);
    const { token } = await logIn(portal, account!, new LoopbackAddresses().take());
    // The measured route must answer the user, not an error envelope with HTTP 200.
    dataOf(await callJson(portal.url, 'GET', AccountPaths.userInfo, { token }), 'user info');

    const bareServer = await startBareServer({ workers, databaseUrl: portal.databaseUrl });
    let bare: LoadResult;
    let bareDb: LoadResult;
    try {
      bare = await measured(`${bareServer.url}/`, seconds);
      bareDb = await measured(`${bareServer.url}/db`, seconds);
    } finally {
      await bareServer.close();
    }
    const headers = { ...EN_US_HEADERS, authorization: `Bearer ${token}` };
    const api = await measured(`${portal.url}/plat${AccountPaths.userInfo}`, seconds, headers);
    measuredSetting = { workers, api, bare, bareDb };
  } finally {
    await portal.close();
  }
  // The workers report when they exit: after close().
  return { ...measuredSetting, loop: portal.eventLoopDelays() };
}

function figuresOf(setting: Setting, suffix: '' | 'PerCore', p99Max: number): BenchFigure[] {
  const { api, bare, bareDb } = setting;
  const perCore = suffix === 'PerCore';
  return [
    { name: `apiReqPerSec${suffix}`, value: api.reqPerSec, unit: 'req/s' },
    { name: `bareReqPerSec${suffix}`, value: bare.reqPerSec, unit: 'req/s' },
    { name: `bareDbReqPerSec${suffix}`, value: bareDb.reqPerSec, unit: 'req/s' },
    {
      name: `apiVsBareRatio${suffix}`,
      value: api.reqPerSec / bare.reqPerSec,
      unit: 'ratio',
      ...(perCore ? { budget: { min: RATIO_BARE_PER_CORE_MIN } } : {}),
    },
    {
      name: `apiVsBareDbRatio${suffix}`,
      value: api.reqPerSec / bareDb.reqPerSec,
      unit: 'ratio',
      ...(perCore ? { budget: { min: RATIO_DB_FLOOR_PER_CORE_MIN } } : {}),
    },
    { name: `apiP50Ms${suffix}`, value: api.p50Ms, unit: 'ms' },
    { name: `apiP99Ms${suffix}`, value: api.p99Ms, unit: 'ms', budget: { max: p99Max } },
    { name: `bareDbP99Ms${suffix}`, value: bareDb.p99Ms, unit: 'ms' },
    ...eventLoopFigures('api', setting.loop, suffix),
  ];
}

export async function measure(options: { quick: boolean }): Promise<BenchFigure[]> {
  const seconds = options.quick ? 3 : 10;
  const cores = availableParallelism();
  const one = await measureSetting(1, seconds);
  const perCore = await measureSetting(cores, seconds);
  return [
    { name: 'apiCores', value: cores, unit: 'workers' },
    ...figuresOf(one, '', P99_BUDGET_ONE_MS),
    ...figuresOf(perCore, 'PerCore', P99_BUDGET_PER_CORE_MS),
  ];
}
