// Where the password-transport keys come from (issue 18 §3), so that a login form served by one
// worker or instance can be posted to another:
// - TRANSPORT_PRIVATE_KEY (and TRANSPORT_PREVIOUS_PRIVATE_KEY during a rotation) when the operator
//   gives them; nothing is stored then;
// - otherwise PostgreSQL: the first worker to start generates one (under an advisory lock, so two
//   workers starting together agree) and every worker reads it. A key file left in DATA_DIR by an
//   older version is adopted instead, so forms open during the upgrade still post.
// Rotation (`rotateTransportKey`) retires the current key and makes a new one; a retired key still
// opens passwords for PREVIOUS_KEY_ACCEPTED_MS (a form left open that long), then is deleted.
// Private keys never leave this module except into privateDecrypt; they are never logged.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { transportKeys } from '../db/schema/serverKeys';
import type { Clock, Db } from '../types';
import type { TransportKeyPair } from './keyPair';

/** How long a retired key still opens passwords: a login form left open for a working day. */
export const PREVIOUS_KEY_ACCEPTED_MS = 24 * 60 * 60 * 1000;
/** How often a worker looks for a rotation made elsewhere (a miss on open() looks at once). */
const REFRESH_EVERY_MS = 60_000;
const KEY_LOCK = 7_100_343;

export function keyPairFromPem(privateKeyPem: string): TransportKeyPair {
  const publicKeyPem = createPublicKey(createPrivateKey(privateKeyPem))
    .export({ type: 'spki', format: 'pem' })
    .toString();
  const keyId = createHash('sha256').update(publicKeyPem).digest('base64url').slice(0, 16);
  return { keyId, publicKeyPem, privateKeyPem };
}

function newPrivateKeyPem(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export interface TransportKeyring {
  /** The key new forms encrypt with. */
  current(): TransportKeyPair;
  /** Every key a posted form may have used, current first. */
  accepted(): readonly TransportKeyPair[];
  /** Reads the keys again (after a miss: another instance may have rotated). False when fixed by config. */
  refresh(): Promise<boolean>;
  close(): void;
}

export interface KeyringSource {
  db: Db;
  clock: Clock;
  dataDir: string;
  configured: { current: string | undefined; previous: string | undefined };
}

export async function openTransportKeyring(source: KeyringSource): Promise<TransportKeyring> {
  const { configured } = source;
  if (configured.current) {
    const keys = [configured.current, configured.previous]
      .filter((k): k is string => !!k)
      .map(keyPairFromPem);
    return {
      current: () => keys[0]!,
      accepted: () => keys,
      refresh: async () => false,
      close: () => undefined,
    };
  }
  let keys = await loadFromDatabase(source);
  let lastRefresh = 0;
  const refresh = async () => {
    // A burst of wrong ciphertexts must not become a burst of queries.
    if (Date.now() - lastRefresh < 1000) return false;
    lastRefresh = Date.now();
    keys = await loadFromDatabase(source);
    return true;
  };
  const timer = setInterval(() => {
    refresh().catch(() => undefined); // the next tick or the next miss tries again
  }, REFRESH_EVERY_MS);
  timer.unref();
  return { current: () => keys[0]!, accepted: () => keys, refresh, close: () => clearInterval(timer) };
}

async function loadFromDatabase({ db, clock, dataDir }: KeyringSource): Promise<TransportKeyPair[]> {
  const acceptedSince = new Date(clock.now().getTime() - PREVIOUS_KEY_ACCEPTED_MS);
  const read = (tx: Pick<Db, 'select'>) =>
    tx
      .select({ pem: transportKeys.privateKeyPem, retiredAt: transportKeys.retiredAt })
      .from(transportKeys)
      .where(or(isNull(transportKeys.retiredAt), gt(transportKeys.retiredAt, acceptedSince)))
      .orderBy(desc(transportKeys.createdAt));
  let rows = await read(db);
  if (!rows.some((r) => r.retiredAt === null)) {
    rows = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
      const again = await read(tx);
      if (again.some((r) => r.retiredAt === null)) return again;
      const pair = keyPairFromPem(adoptedFileKey(dataDir) ?? newPrivateKeyPem());
      await tx
        .insert(transportKeys)
        .values({ keyId: pair.keyId, privateKeyPem: pair.privateKeyPem, createdAt: clock.now() })
        .onConflictDoUpdate({ target: transportKeys.keyId, set: { retiredAt: null } });
      return read(tx);
    });
  }
  // Current (unretired, newest) first, then the retired ones still accepted.
  rows.sort((a, b) => Number(a.retiredAt !== null) - Number(b.retiredAt !== null));
  return rows.map((r) => keyPairFromPem(r.pem));
}

/** The key file an older version kept under DATA_DIR, if any. */
function adoptedFileKey(dataDir: string): string | undefined {
  try {
    return readFileSync(path.join(dataDir, 'keys', 'transport-private.pem'), 'utf8');
  } catch {
    return undefined;
  }
}

/** Retires the current key and makes a new one; retired keys past their acceptance are deleted. */
export async function rotateTransportKey(db: Db, clock: Clock): Promise<string> {
  const now = clock.now();
  const pair = keyPairFromPem(newPrivateKeyPem());
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
    await tx.update(transportKeys).set({ retiredAt: now }).where(isNull(transportKeys.retiredAt));
    await tx
      .delete(transportKeys)
      .where(lt(transportKeys.retiredAt, new Date(now.getTime() - PREVIOUS_KEY_ACCEPTED_MS)));
    await tx
      .insert(transportKeys)
      .values({ keyId: pair.keyId, privateKeyPem: pair.privateKeyPem, createdAt: now });
  });
  return pair.keyId;
}
