// Reading what the embedded server leaves in DATA_DIR, the way an operator would.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { embeddedPaths } from '../../../../src/server/db/embedded';
import { readOwner } from '../../../../src/server/db/embeddedServer/dataDirLock';
import { readPostmasterPid } from '../../../../src/server/db/embeddedServer/leftover';

export function embeddedState(dataDir: string) {
  const paths = embeddedPaths(dataDir);
  const owner = readOwner(paths.ownerFile);
  return {
    paths,
    owner,
    postmasterPid: readPostmasterPid(paths.clusterDir),
    password: readFileSync(paths.passwordFile, 'utf8').trim(),
  };
}

/** A client on the app database, connected with the password file and the port the owner file names. */
export async function connectToEmbedded(dataDir: string, database = 'portal'): Promise<pg.Client> {
  const { owner, password } = embeddedState(dataDir);
  if (!owner) throw new Error(`No embedded server is recorded as running in ${dataDir}`);
  const client = new pg.Client({ host: '127.0.0.1', port: owner.port, user: 'postgres', password, database });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}
