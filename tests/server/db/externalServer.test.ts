// TEST_PG=external without Debian's server must fail the run with the fix, never skip it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findDebianPostgresBin } from '../../support/pg/debianPostgres';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-fake-debian-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fakeServer(version: string) {
  const bin = path.join(root, version, 'bin');
  mkdirSync(bin, { recursive: true });
  for (const program of ['postgres', 'initdb']) writeFileSync(path.join(bin, program), '');
}

describe('finding the external test server', () => {
  it('fails with the install command when no Debian server is installed', () => {
    expect(() => findDebianPostgresBin(path.join(root, 'nothing-here'))).toThrow(
      /TEST_PG=external needs Debian's PostgreSQL server.*apt-get install -y postgresql/s,
    );
    mkdirSync(path.join(root, 'client-only', '16', 'bin'), { recursive: true });
    expect(() => findDebianPostgresBin(path.join(root, 'client-only'))).toThrow(
      /apt-get install -y postgresql/,
    );
  });

  it('takes the newest installed version', () => {
    fakeServer('9');
    fakeServer('15');
    fakeServer('17');
    expect(findDebianPostgresBin(root)).toBe(path.join(root, '17', 'bin'));
  });
});
