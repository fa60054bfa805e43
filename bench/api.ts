// API throughput and latency (issue 10 §1): autocannon at 50 connections on an authenticated read
// (GET /plat/ums/user/info with a real session from a real login), and in the same run a bare
// Fastify hello-world on the same machine as the yardstick. Budget: p99 ≤ 50 ms.
// The portal runs as in production (APP_ENV=production, its default info-level request log, here
// to a file); both servers are child processes and autocannon runs in this one.
import { AccountPaths } from '../src/contract/api/accounts';
import type { BenchFigure } from './benchFigure';
import { startBareServer } from './support/apiBare';
import { load } from './support/apiLoad';
import { createActiveApplicants, logIn } from './support/portalAccounts';
import { callJson, dataOf, EN_US_HEADERS, LoopbackAddresses } from './support/portalHttp';
import { startBenchPortal } from './support/portalServer';

const CONNECTIONS = 50;
const P99_BUDGET_MS = 50;
/** JIT, pools and caches settle before the measured run. */
const WARM_UP_SECONDS = 2;

export async function measure(options: { quick: boolean }): Promise<BenchFigure[]> {
  const seconds = options.quick ? 3 : 10;
  const portal = await startBenchPortal();
  try {
    const [account] = await createActiveApplicants(portal, 1);
    const { token } = await logIn(portal, account!, new LoopbackAddresses().take());
    // The measured route must answer the user, not an error envelope with HTTP 200.
    dataOf(await callJson(portal.url, 'GET', AccountPaths.userInfo, { token }), 'user info');

    const bare = await startBareServer();
    let bareRun;
    try {
      await load(bare.url, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
      bareRun = await load(bare.url, { connections: CONNECTIONS, seconds });
    } finally {
      await bare.close();
    }

    const userInfo = `${portal.url}/plat${AccountPaths.userInfo}`;
    const headers = { ...EN_US_HEADERS, authorization: `Bearer ${token}` };
    await load(userInfo, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS, headers });
    const api = await load(userInfo, { connections: CONNECTIONS, seconds, headers });

    return [
      { name: 'apiReqPerSec', value: api.reqPerSec, unit: 'req/s' },
      { name: 'bareReqPerSec', value: bareRun.reqPerSec, unit: 'req/s' },
      { name: 'apiVsBareRatio', value: api.reqPerSec / bareRun.reqPerSec, unit: 'ratio' },
      { name: 'apiP50Ms', value: api.p50Ms, unit: 'ms' },
      { name: 'apiP99Ms', value: api.p99Ms, unit: 'ms', budget: { max: P99_BUDGET_MS } },
    ];
  } finally {
    await portal.close();
  }
}
