// `npm start` refuses to start on a bad configuration or an unreachable database: exit 1 with the
// real cause, no stack trace, nothing left listening.
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPortal } from './support/portalProcess';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-mainstart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('npm start', () => {
  it('names the bad variable and exits 1 without a stack trace', async () => {
    const portal = startPortal({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect((await portal.exited()).code).toBe(1);
    expect(portal.output()).toMatch(/Invalid configuration:\n\s+PORT: /);
    expect(portal.output()).not.toMatch(/\n\s+at /);
  });

  it('reports an unreachable DATABASE_URL as the cause and exits 1', async () => {
    const port = await closedPort();
    const portal = startPortal({
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://portal:x@127.0.0.1:${port}/portal`,
    });
    expect((await portal.exited()).code).toBe(1);
    expect(portal.output()).toMatch(/Start failed: .*ECONNREFUSED/);
    expect(portal.output()).not.toContain('Portal listening');
  });
});
