// Issue 18 §1, §3: what two workers or instances must share. Two apps on one database, each with its
// own DATA_DIR (two machines): a login form's key from one is opened by the other, also across a
// rotation; a key given in the environment is the one served; the scheduled housekeeping round is
// done once whichever instance's timer fires first.
import { constants, generateKeyPairSync, publicEncrypt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { rotateTransportKey } from '../../../src/server/security/transportKeyring';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
let other: FastifyInstance;
let otherDataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  otherDataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-other-instance-'));
  other = await buildApp({ ...t.config, dataDir: otherDataDir }, { clock: t.clock });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  rmSync(otherDataDir, { recursive: true, force: true });
});

async function publicKeyOf(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/plat/ums/crypto/public-key' });
  return (res.json() as { data: { publicKeyPem: string } }).data.publicKeyPem;
}

function seal(publicKeyPem: string, password: string): string {
  const payload = { password, nonce: randomUUID(), ts: t.clock.now().getTime() };
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(JSON.stringify(payload)),
  ).toString('base64');
}

describe('the password-transport key is shared', () => {
  it('a form served by instance A is opened by instance B (another DATA_DIR)', async () => {
    const fromA = await publicKeyOf(t.app);
    expect(await publicKeyOf(other)).toBe(fromA);
    expect(await other.passwordTransport.open(seal(fromA, 'Secret#123'))).toBe('Secret#123');
  });

  it('after a rotation a new worker serves the new key; the others open its forms and the old ones', async () => {
    const oldForm = seal(await publicKeyOf(t.app), 'Old#form1');
    await rotateTransportKey(t.app.db, t.clock);
    const started = await buildApp({ ...t.config, dataDir: otherDataDir }, { clock: t.clock });
    try {
      const newKey = await publicKeyOf(started);
      expect(newKey).not.toBe(await publicKeyOf(other));
      // `other` has not looked since: its miss on the new key makes it read the keys again.
      expect(await other.passwordTransport.open(seal(newKey, 'New#form1'))).toBe('New#form1');
      expect(await other.passwordTransport.open(oldForm)).toBe('Old#form1');
      expect(await started.passwordTransport.open(seal(newKey, 'New#form2'))).toBe('New#form2');
      expect(await publicKeyOf(other)).toBe(newKey);
    } finally {
      await started.close();
    }
  });

  it('TRANSPORT_PRIVATE_KEY is served and nothing is generated; an unusable one stops the start without echoing it', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const config = loadConfig({
      APP_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: otherDataDir,
      DATABASE_URL: t.config.databaseUrl,
      TRANSPORT_PRIVATE_KEY: pem.replaceAll('\n', '\\n'),
    });
    const configured = await buildApp(config, { clock: t.clock });
    try {
      expect(await publicKeyOf(configured)).toBe(
        publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      );
    } finally {
      await configured.close();
    }
    const secret = 'not-a-key-0123456789';
    expect(() => loadConfig({ TRANSPORT_PRIVATE_KEY: secret })).toThrow(/TRANSPORT_PRIVATE_KEY/);
    expect(() => loadConfig({ TRANSPORT_PRIVATE_KEY: secret })).not.toThrow(new RegExp(secret));
  });
});

describe('housekeeping runs once across instances', () => {
  it('two timers firing together, or one after the other, make one round', async () => {
    const rounds = await Promise.all([t.app.housekeeping.runScheduled(), other.housekeeping.runScheduled()]);
    const later = await other.housekeeping.runScheduled();
    const done = [...rounds, later].filter((r) => !('skipped' in r));
    expect(done).toHaveLength(1);
    // An interval later the next round is due again.
    t.clock.advance(60 * 60 * 1000);
    expect(await other.housekeeping.runScheduled()).not.toHaveProperty('skipped');
  });
});
