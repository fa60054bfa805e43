// What `npm start`'s embedded PostgreSQL promises (docs/architecture.md): a generated password kept
// private, 127.0.0.1 only, UTF-8 whatever the host's LANG, never as root, and one portal per DATA_DIR.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../../src/server/db/embeddedServer/processInfo';
import { connectToEmbedded, embeddedState } from './support/embeddedFiles';
import { startPortal, type PortalProcess } from './support/portalProcess';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-embedded-'));
let portal: PortalProcess;
let portalUrl: string;

beforeAll(async () => {
  // A host with no UTF-8 locale at all: the cluster must not inherit it.
  portal = startPortal({ DATA_DIR: dataDir, LANG: 'C', LC_ALL: 'C' });
  portalUrl = await portal.listening();
});

afterAll(async () => {
  if (portal && portal.child.exitCode === null) portal.child.kill('SIGINT');
  await portal?.exited(40_000).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Listening TCP sockets on a port, from the kernel's own table: ["127.0.0.1"], ["0.0.0.0"], ["::"]… */
function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue; // 0A = LISTEN
      const [hexIp = '', hexPort = ''] = local.split(':');
      if (Number.parseInt(hexPort, 16) !== port) continue;
      found.push(
        hexIp.length === 8
          ? (hexIp.match(/../g) ?? [])
              .reverse()
              .map((h) => Number.parseInt(h, 16))
              .join('.')
          : `ipv6:${hexIp}`,
      );
    }
  }
  return found;
}

describe('the embedded PostgreSQL of npm start', () => {
  it('uses a generated password kept in DATA_DIR, readable by the app user only', async () => {
    const file = embeddedState(dataDir).paths.passwordFile;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password).not.toBe('password');
    expect(password.length).toBeGreaterThanOrEqual(32);

    const { owner } = embeddedState(dataDir);
    const wrong = new pg.Client({
      host: '127.0.0.1',
      port: owner!.port,
      user: 'postgres',
      password: 'password',
      database: 'portal',
    });
    wrong.on('error', () => undefined);
    await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);
    const client = await connectToEmbedded(dataDir);
    const method = await client.query<{ v: string }>(
      "SELECT rolpassword LIKE 'SCRAM-SHA-256$%' AS v FROM pg_authid WHERE rolname = 'postgres'",
    );
    expect(method.rows[0]?.v).toBe(true);
    await client.end();
  });

  it('listens on 127.0.0.1 only, with no Unix socket, and so does the portal', async () => {
    const { owner } = embeddedState(dataDir);
    expect(listeningAddresses(owner!.port)).toEqual(['127.0.0.1']);
    expect(listeningAddresses(Number(new URL(portalUrl).port))).toEqual(['127.0.0.1']);
    const client = await connectToEmbedded(dataDir);
    const sockets = await client.query<{ unix_socket_directories: string }>('SHOW unix_socket_directories');
    expect(sockets.rows[0]?.unix_socket_directories).toBe('');
    await client.end();
  });

  it('is a UTF-8 cluster with the builtin locale although the app started with LANG=C', async () => {
    const client = await connectToEmbedded(dataDir);
    const db = await client.query(
      "SELECT pg_encoding_to_char(encoding) AS encoding, datlocprovider AS provider, datlocale AS locale FROM pg_database WHERE datname = 'portal'",
    );
    expect(db.rows[0]).toEqual({ encoding: 'UTF8', provider: 'b', locale: 'C.UTF-8' });
    // C.UTF-8 (builtin) case-maps beyond ASCII; the libc "C" locale of the host would not.
    const text = await client.query<{ lower: string; echo: string }>(
      "SELECT lower('ÀÉÎ') AS lower, $1::text AS echo",
      ['企业认证 ✓'],
    );
    expect(text.rows[0]).toEqual({ lower: 'àéî', echo: '企业认证 ✓' });
    await client.end();
  });

  it('never runs postgres as root', () => {
    const pid = embeddedState(dataDir).postmasterPid!;
    const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    const appUid = process.getuid!();
    const expected =
      appUid === 0 ? Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })) : appUid;
    expect(uid).toBe(expected);
    expect(uid).not.toBe(0);
  });

  it('refuses a second portal on the same DATA_DIR and leaves the running one untouched', async () => {
    const before = embeddedState(dataDir).postmasterPid!;
    const second = startPortal({ DATA_DIR: dataDir });
    const { code } = await second.exited();
    expect(code).toBe(1);
    expect(second.output()).toContain(`is in use by another running portal (process ${portal.pid})`);
    expect(second.output()).not.toContain('Portal listening');

    expect(embeddedState(dataDir).postmasterPid).toBe(before);
    expect(isAlive(before)).toBe(true);
    const client = await connectToEmbedded(dataDir);
    expect((await client.query('SELECT 1 AS ok')).rows[0]).toEqual({ ok: 1 });
    await client.end();
    const health = await fetch(`${portalUrl}/plat/does-not-exist`);
    expect(health.status).toBe(404);
  });
});
