// Installed with scripts disabled, the platform package lacks its shared-library links and initdb
// cannot load libicuuc. The start path repairs a copy of the package exactly as its postinstall would.
import { execFile } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../../src/server/db/embedded';
import {
  ensureNativeLibraries,
  missingNativeLinks,
  platformPackageDir,
} from '../../../src/server/db/embeddedServer/nativeLibraries';

const execFileAsync = promisify(execFile);
const copyRoot = mkdtempSync(path.join(os.tmpdir(), 'portal-pgpkg-'));
// As root, postgres runs as an unprivileged user that must reach the copied binaries.
chmodSync(copyRoot, 0o755);
afterAll(() => rmSync(copyRoot, { recursive: true, force: true }));

/** A copy of the platform package, made once; breakLinks() then removes what the postinstall creates. */
const pkg = path.join(copyRoot, 'platform-package');
cpSync(platformPackageDir(), pkg, { recursive: true, verbatimSymlinks: true });
const links = JSON.parse(readFileSync(path.join(pkg, 'native', 'pg-symlinks.json'), 'utf8')) as {
  target: string;
}[];

/** What `npm ci --ignore-scripts` leaves behind. */
function breakLinks() {
  for (const { target } of links) rmSync(path.join(pkg, target), { force: true });
}

describe('shared-library links of the embedded PostgreSQL binaries', () => {
  it('are detected as missing and restored on the start path', async () => {
    expect(missingNativeLinks(platformPackageDir())).toEqual([]);
    breakLinks();
    expect(missingNativeLinks(pkg).length).toBe(links.length);

    const initdb = path.join(pkg, 'native', 'bin', 'initdb');
    const broken = await execFileAsync(initdb, ['--version']).then(
      () => '',
      (error: { stderr?: string }) => error.stderr ?? '',
    );
    expect(broken).toMatch(/libicuuc\.so\.\d+: cannot open shared object file/);

    const { repaired } = await ensureNativeLibraries(pkg);
    expect(repaired.length).toBe(links.length);
    expect(missingNativeLinks(pkg)).toEqual([]);
    const { stdout } = await execFileAsync(initdb, ['--version']);
    expect(stdout).toMatch(/initdb \(PostgreSQL\) 18\./);
  });

  it('a present set of links is left alone', async () => {
    expect(await ensureNativeLibraries(platformPackageDir())).toEqual({ repaired: [] });
  });

  it('startEmbeddedPostgres repairs them before it runs the binaries', async () => {
    breakLinks();
    expect(missingNativeLinks(pkg).length).toBe(links.length);
    const dataDir = mkdtempSync(path.join(copyRoot, 'data-'));
    const notices: string[] = [];
    const server = await startEmbeddedPostgres({
      dataDir,
      platformPackage: pkg,
      notice: (m) => notices.push(m),
    });
    try {
      expect(notices.join('\n')).toMatch(/restored \d+ shared-library links/);
      expect(missingNativeLinks(pkg)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
