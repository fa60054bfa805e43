// Issue 2 "Done when": kill -9 the app while its embedded PostgreSQL runs; the next start finds the
// leftover postgres, stops it cleanly and comes up with every committed row.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../../src/server/db/embeddedServer/processInfo';
import { connectToEmbedded, embeddedState } from './support/embeddedFiles';
import { startPortal, type PortalProcess } from './support/portalProcess';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-kill9-'));
const started: PortalProcess[] = [];

afterAll(async () => {
  for (const p of started)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGINT');
  await Promise.all(started.map((p) => p.exited(40_000).catch(() => undefined)));
  const leftover = existsSync(dataDir) ? embeddedState(dataDir).postmasterPid : null;
  if (leftover && isAlive(leftover)) process.kill(leftover, 'SIGINT');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 of the app', () => {
  it('leaves postgres behind; the next start stops it and keeps every committed row', async () => {
    const first = startPortal({ DATA_DIR: dataDir });
    started.push(first);
    await first.listening();

    const client = await connectToEmbedded(dataDir);
    await client.query('CREATE TABLE kill_probe (n integer PRIMARY KEY, note text NOT NULL)');
    for (let n = 1; n <= 50; n++) {
      // One committed transaction per row: each one was acknowledged before the crash.
      await client.query('INSERT INTO kill_probe VALUES ($1, $2)', [n, `row ${n} 行`]);
    }
    await client.end();

    const leftoverPid = embeddedState(dataDir).postmasterPid;
    expect(leftoverPid).not.toBeNull();
    first.child.kill('SIGKILL');
    expect((await first.exited()).signal).toBe('SIGKILL');
    // The crash did not take postgres with it: this is the leftover the next start must handle.
    expect(isAlive(leftoverPid!)).toBe(true);

    const second = startPortal({ DATA_DIR: dataDir });
    started.push(second);
    await second.listening();
    expect(second.output()).toContain(`stopping leftover postgres (pid ${leftoverPid})`);
    expect(isAlive(leftoverPid!)).toBe(false);
    const newPid = embeddedState(dataDir).postmasterPid;
    expect(newPid).not.toBe(leftoverPid);

    const again = await connectToEmbedded(dataDir);
    const rows = await again.query<{ count: string; sum: string }>('SELECT count(*), sum(n) FROM kill_probe');
    expect(rows.rows[0]).toEqual({ count: '50', sum: String((50 * 51) / 2) });
    const chinese = await again.query<{ note: string }>('SELECT note FROM kill_probe WHERE n = 50');
    expect(chinese.rows[0]?.note).toBe('row 50 行');
    await again.end();

    // And the graceful path: SIGINT drains, stops postgres, exits 0, leaves no owner behind.
    second.child.kill('SIGINT');
    expect(await second.exited()).toEqual({ code: 0, signal: null });
    expect(isAlive(newPid!)).toBe(false);
    expect(embeddedState(dataDir).owner).toBeNull();
    expect(embeddedState(dataDir).postmasterPid).toBeNull();
  });
});
