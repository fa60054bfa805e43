// Issue 31 §1: one engine process per machine. The real supervisor with two HTTP workers starts one
// engine process; both workers call it (slider puzzles through each worker); killed, a face check
// answers 503 faceEngineBusy while the workers stay up and serve (puzzles drawn in the worker); once
// the supervisor's replacement listens, the same phone's face check goes through the engine again.
// The replacement is held "restarting" by PORTAL_TEST_ENGINE_HOLD (engine/engineMain.ts), so the busy
// answer does not race its start.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { portalAsTestApp, type FaultPortal } from '../../support/faultPortal';
import { waitUntil } from '../../support/faultWait';
import { capture, faceImage, scannedSession } from '../verification/support';
import { childPids, logLines, openWorld, type World } from './support';

let world: World;
let portal: FaultPortal;
let hold: string;

beforeAll(async () => {
  world = await openWorld('engine');
  hold = path.join(world.dataDir, 'engine-hold');
  portal = await world.start({
    WORKERS: '2',
    LOG_LEVEL: 'info',
    FACE_PROVIDER: 'human',
    PORTAL_TEST_ENGINE_HOLD: hold,
  });
}, 180_000);
afterAll(async () => {
  rmSync(hold, { force: true });
  await world?.close();
});

const lines = (msg: string) => logLines(portal.process.output()).filter((l) => l.msg === msg);
const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};
const children = (kind: 'workerMain' | 'engineMain') =>
  childPids(portal.process.pid)
    .filter((pid) => commandOf(pid).includes(kind))
    .sort((a, b) => a - b);

/** GET on a new connection each time, so the cluster hands requests to both workers in turn. */
function get(pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${portal.url}${pathname}`, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('one engine process per machine', () => {
  it('serves both workers; killed, face checks answer busy and the workers stay; restarted, they work again', async () => {
    await waitUntil(() => lines('engine process ready').length > 0, 'the engine process ready', 60_000);
    await waitUntil(() => children('workerMain').length === 2, 'two workers', 30_000);
    const engines = children('engineMain');
    expect(engines).toHaveLength(1);
    const workers = children('workerMain');

    // Slider puzzles through both workers: each connects to the one engine process, which logs it.
    const connected = () =>
      new Set(
        logLines(portal.process.output())
          .filter((l) => l.name === 'engine' && l.msg === 'engine client connected')
          .map((l) => String(l.worker)),
      );
    await waitUntil(
      async () => {
        expect(await get('/plat/ums/captcha')).toBe(200);
        return connected().size === 2;
      },
      'both workers to call the engine process',
      60_000,
      0,
    );
    expect([...connected()].sort()).toEqual(['1', '2']);

    // A phone ready to send, then the engine killed and its replacement held before it listens.
    const onPortal = portalAsTestApp(world.services, portal.url);
    const checked = await world.applicant();
    const session = await scannedSession(onPortal, checked.signedIn);
    writeFileSync(hold, '');
    const exitsBefore = lines('engine process exited: checks answer busy until it is back').length;
    process.kill(engines[0]!, 'SIGKILL');
    await waitUntil(
      () => lines('engine process exited: checks answer busy until it is back').length > exitsBefore,
      'the supervisor saw the engine exit',
      30_000,
    );

    const busy = await capture(onPortal, session.key, faceImage());
    expect(busy.status, JSON.stringify(busy.body)).toBe(503);
    expect(busy.body.code).toBe(Codes.faceEngineBusy.code);
    // The workers did not fail: the same two serve, puzzles included (drawn in the worker meanwhile).
    expect(children('workerMain')).toEqual(workers);
    expect(await get('/plat/ums/captcha')).toBe(200);
    expect(await get('/plat/ums/captcha')).toBe(200);

    // Released, the replacement listens and the same phone's check goes through the engine.
    const readyBefore = lines('engine process ready').length;
    rmSync(hold);
    await waitUntil(
      () => lines('engine process ready').length > readyBefore,
      'the engine process back',
      60_000,
    );
    const replaced = children('engineMain');
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).not.toBe(engines[0]);
    const checkedAgain = await capture(onPortal, session.key, faceImage());
    expect(checkedAgain.status, JSON.stringify(checkedAgain.body)).toBe(200);
    expect(children('workerMain')).toEqual(workers);
  }, 300_000);

  it('ENGINE_PROCESS=off: no engine process, each worker draws its own puzzles', async () => {
    const own = await world.start({ WORKERS: '1', ENGINE_PROCESS: 'off' });
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(`${own.url}/plat/ums/captcha`, { agent: false }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
    const kids = childPids(own.process.pid);
    expect(kids.filter((pid) => commandOf(pid).includes('workerMain'))).toHaveLength(1);
    expect(kids.filter((pid) => commandOf(pid).includes('engineMain'))).toEqual([]);
    await own.stop();
  }, 180_000);
});
