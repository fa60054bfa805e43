// The process tests' portal: `npm start` (the supervisor and its worker) as a real child process
// with APP_ENV=test, on a test database and a DATA_DIR that outlive it, plus the services app for
// seed rows (tests/support/faultPortal.ts). Helpers to write acknowledged rows and read them back.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../../src/contract/envelope';
import {
  openServicesApp,
  portalAsTestApp,
  startFaultPortal,
  type FaultPortal,
  type FaultPortalEnv,
} from '../../support/faultPortal';
import { waitUntil } from '../../support/faultWait';
import { createTestDatabase, type TestDatabase } from '../../support/testDb';
import { png } from '../../fixtures/files/samples';
import { applicant, type Caller } from '../certification/support';
import { startSmtpPeer, type SmtpPeer } from '../mail/smtpPeer';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface World {
  env: FaultPortalEnv;
  dataDir: string;
  services: FastifyInstance;
  portals: FaultPortal[];
  start(extra?: Record<string, string>): Promise<FaultPortal>;
  /** A fresh applicant of a fresh company (rows written by the services app). */
  applicant(): Promise<Caller>;
  close(): Promise<void>;
}

export async function openWorld(name: string): Promise<World> {
  const database: TestDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-process-${name}-`));
  const peer: SmtpPeer = await startSmtpPeer();
  const env: FaultPortalEnv = { DATABASE_URL: database.url, DATA_DIR: dataDir, SMTP_URL: peer.url };
  const services = await openServicesApp(env);
  const portals: FaultPortal[] = [];
  return {
    env,
    dataDir,
    services,
    portals,
    async start(extra = {}) {
      const portal = await startFaultPortal({ ...env, ...extra } as FaultPortalEnv);
      portals.push(portal);
      return portal;
    },
    applicant: () => applicant(portalAsTestApp(services, 'http://unused.invalid')),
    async close() {
      await Promise.allSettled(portals.map((p) => p.stop()));
      await services.close().catch(() => undefined);
      await peer.close().catch(() => undefined);
      await database.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST /plat/files with a small PNG of its own bytes; the id when acknowledged (200), else null. */
export async function uploadPng(
  url: string,
  caller: Caller,
  seed: number,
): Promise<{ id: string; sha: string } | null> {
  const bytes = png(3 + (seed % 50), 4 + (seed % 13));
  const form = new FormData();
  form.append('kind', 'otherDocument');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `doc-${seed}.png`);
  try {
    const response = await fetch(`${url}/plat/files`, {
      method: 'POST',
      headers: caller.headers,
      body: form,
    });
    const body = (await response.json()) as Envelope<{ id: string }>;
    return response.status === 200 ? { id: body.data.id, sha: sha256(bytes) } : null;
  } catch {
    return null; // refused or cut: not acknowledged
  }
}

/** The bytes of a stored file as the portal serves them, or null if it does not. */
export async function download(url: string, caller: Caller, id: string): Promise<Uint8Array | null> {
  const response = await fetch(`${url}/plat/files/${id}`, { headers: caller.headers });
  return response.status === 200 ? new Uint8Array(await response.arrayBuffer()) : null;
}

/** Polls until the portal answers an API request again (any envelope, even a 404). */
export async function answersAgain(url: string, what: string, timeoutMs = 120_000): Promise<void> {
  await waitUntil(
    async () => {
      try {
        const response = await fetch(`${url}/plat/no-such-route`);
        return response.status === 404;
      } catch {
        return false;
      }
    },
    what,
    timeoutMs,
    100,
  );
}

/** POST /plat/test/fault (process/testFaults.ts). */
export async function injectFault(url: string, kind: 'exception' | 'rejection'): Promise<number> {
  const response = await fetch(`${url}/plat/test/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind }),
  });
  return response.status;
}

/** The JSON log lines of the portal's output (the supervisor's and the workers'). */
export function logLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return {};
      }
    });
}

export { childPids, workerPids } from '../../support/processTree';
