// Issue 17 §4 (faults): `npm start` with a DATABASE_URL that cannot be reached. Nothing listens
// there (refused at once), or something accepts the connection and never answers (a frozen server, a
// black-holing firewall): either way the start ends within the connect timeout, exits non-zero, and
// says which setting to check, without printing the password. The old start waited for ever on the
// silent server and printed only "connect ECONNREFUSED" for the refused one.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startPortal, type PortalProcess } from '../db/support/portalProcess';

const PASSWORD = 'pw-never-printed-7d1c';
/** The test's hang detector only: the start must end long before (it waits CONNECT_TIMEOUT_MS). */
const EXIT_WITHIN_MS = 90_000;
const CONNECT_TIMEOUT_MS = 1500;

const started: PortalProcess[] = [];
const servers: net.Server[] = [];
/** Connections the silent server accepted: held open, never written to. */
const accepted: net.Socket[] = [];

afterAll(async () => {
  for (const p of started)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  accepted.forEach((s) => s.destroy());
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

function listen(server: net.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
}

/** A port nobody listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise((r) => server.close(r));
  servers.splice(servers.indexOf(server), 1);
  return port;
}

async function startAgainst(port: number) {
  const portal = startPortal({
    APP_ENV: 'test',
    DATABASE_URL: `postgres://portal:${PASSWORD}@127.0.0.1:${port}/portal`,
    DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
  });
  started.push(portal);
  const since = performance.now();
  const exit = await portal.exited(EXIT_WITHIN_MS);
  return { exit, output: portal.output(), ms: Math.round(performance.now() - since) };
}

function expectClearFailure(result: Awaited<ReturnType<typeof startAgainst>>) {
  // A failed start, not a crash by signal, not a listening portal.
  expect(result.exit.signal, result.output).toBeNull();
  expect(result.exit.code, result.output).not.toBe(0);
  expect(result.output).not.toMatch(/Portal listening on/);
  expect(result.output).toMatch(
    /Cannot connect to PostgreSQL at postgres:\/\/portal:\*\*\*@127\.0\.0\.1:\d+/,
  );
  expect(result.output).toMatch(/DATABASE_URL/);
  expect(result.output).not.toContain(PASSWORD);
}

describe('PostgreSQL not reachable when the portal starts', () => {
  it('nothing listens at DATABASE_URL: exits non-zero at once, naming DATABASE_URL', async () => {
    const result = await startAgainst(await closedPort());
    expectClearFailure(result);
    expect(result.output).toMatch(/connection refused/);
    console.info(`refused: the start ended after ${result.ms} ms (exit ${result.exit.code})`);
  });

  it('a server that accepts and never answers: exits non-zero after the connect timeout', async () => {
    const silent = net.createServer((socket) => {
      accepted.push(socket);
      socket.on('error', () => undefined);
    });
    const result = await startAgainst(await listen(silent));
    expect(accepted.length, 'the portal connected to the silent server').toBeGreaterThanOrEqual(1);
    expectClearFailure(result);
    expect(result.output).toMatch(/no answer within 1\.5 s \(DATABASE_CONNECT_TIMEOUT_MS/);
    console.info(`silent: the start ended after ${result.ms} ms (exit ${result.exit.code})`);
  });
});
