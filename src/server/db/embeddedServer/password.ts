// The superuser password of the embedded cluster: generated once, kept beside the cluster in
// DATA_DIR, readable by the app's user only. Never the package's default ("password").
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';

const PASSWORD_BYTES = 32;

export function readOrCreatePassword(file: string): string {
  if (existsSync(file)) {
    // Someone may have copied the data directory with a loose umask: tighten, never loosen.
    if ((statSync(file).mode & 0o777) !== 0o600) chmodSync(file, 0o600);
    const password = readFileSync(file, 'utf8').trim();
    if (password.length === 0) throw new Error(`The database password file ${file} is empty.`);
    return password;
  }
  // base64url: no characters that need escaping in a connection URL or a pwfile.
  const password = randomBytes(PASSWORD_BYTES).toString('base64url');
  writeFileSync(file, password + '\n', { mode: 0o600, flag: 'wx' });
  return password;
}
