// startEmbeddedPostgres itself, on one cluster: failures name postgres' own words, stale locks are
// cleared, and a stop of the server is survivable for an app's pool (57P01 on idle connections).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/db/client';
import { embeddedPaths, startEmbeddedPostgres, type EmbeddedPostgres } from '../../../src/server/db/embedded';
import { readPostmasterPid } from '../../../src/server/db/embeddedServer/leftover';
import { isAlive } from '../../../src/server/db/embeddedServer/processInfo';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
const paths = embeddedPaths(dataDir);
let running: EmbeddedPostgres | undefined;

beforeAll(async () => {
  // Creates the cluster once; each test starts and stops it as it needs.
  await (await startEmbeddedPostgres({ dataDir })).stop();
});
afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('startEmbeddedPostgres', () => {
  it('fails with the line postgres wrote, not `undefined`, and leaves nothing running', async () => {
    const error = await startEmbeddedPostgres({ dataDir, settings: { shared_buffers: 'plenty' } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/invalid value for parameter "shared_buffers": "plenty"/);
    expect(existsSync(paths.ownerFile)).toBe(false);
    const pid = readPostmasterPid(paths.clusterDir);
    expect(pid === null || !isAlive(pid)).toBe(true);
    // Nothing was damaged: the next, correct start works.
    running = await startEmbeddedPostgres({ dataDir });
    await running.stop();
    running = undefined;
  });

  it('clears a postmaster.pid whose pid now belongs to another program', async () => {
    // Our own pid is alive and certainly not a postgres on this directory.
    writeFileSync(path.join(paths.clusterDir, 'postmaster.pid'), `${process.pid}\n${paths.clusterDir}\n`);
    const notices: string[] = [];
    running = await startEmbeddedPostgres({ dataDir, notice: (m) => notices.push(m) });
    expect(notices.join('\n')).toContain('removing stale postmaster.pid');
    await running.stop();
    running = undefined;
  });

  it('starts only the processes the portal uses: no I/O workers, no replication launcher (memory budget)', async () => {
    running = await startEmbeddedPostgres({ dataDir });
    const database = createDatabase(running.adminUrl);
    try {
      const { rows } = await database.pool.query<{ backend_type: string }>(
        'SELECT DISTINCT backend_type FROM pg_stat_activity ORDER BY 1',
      );
      const types = rows.map((r) => r.backend_type);
      expect(types).toContain('checkpointer');
      expect(types).not.toContain('io worker');
      expect(types).not.toContain('logical replication launcher');
      const settings = await database.pool.query<{ io_method: string }>('SHOW io_method');
      expect(settings.rows[0]?.io_method).toBe('sync');
    } finally {
      await database.close();
      await running.stop();
      running = undefined;
    }
  });

  it('a stop under an app pool ends idle connections with 57P01, reported and not thrown', async () => {
    running = await startEmbeddedPostgres({ dataDir });
    const errors: (Error & { code?: string })[] = [];
    const database = createDatabase(running.url, { onError: (e) => errors.push(e) });
    await Promise.all([1, 2, 3].map(() => database.pool.query('SELECT pg_sleep(0.05)')));
    expect(database.pool.idleCount).toBeGreaterThan(0);
    const pid = running.pid;
    await running.stop();
    await running.stop(); // a second stop is harmless
    running = undefined;
    expect(isAlive(pid)).toBe(false);
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    expect(errors.map((e) => e.code)).toContain('57P01');
    await database.close();
  });
});
