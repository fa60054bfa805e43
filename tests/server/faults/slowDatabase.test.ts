// Issue 17 §4 (faults): PostgreSQL slow. A second connection holds an ACCESS EXCLUSIVE lock on a
// table in an open transaction (a long migration, a stuck operator session); every statement that
// needs the table waits behind it. With the statement timeout (DATABASE_STATEMENT_TIMEOUT_MS, here
// made small by the test's config) such a request answers 503 `unavailable` with the envelope and
// nothing written; requests that do not need the table are served meanwhile; once the lock goes,
// the same request succeeds and no pool connection is left stuck. The old code had no statement
// timeout: the requests hung for as long as the lock was held.
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountPaths } from '../../../src/contract/api/accounts';
import { Codes } from '../../../src/contract/codes';
import type { Envelope } from '../../../src/contract/envelope';
import { waitUntil } from '../../support/faultWait';
import { createTestApp, type TestApp } from '../../support/testApp';
import { applicant, confirm, save, view, type Caller } from '../certification/support';

const STATEMENT_TIMEOUT_MS = 400;
/** The test's hang detector only, far above the statement timeout. */
const ANSWER_WITHIN_MS = 30_000;

let t: TestApp;
let caller: Caller;
let locker: pg.Client;

beforeAll(async () => {
  t = await createTestApp({
    databaseTimeouts: { connectTimeoutMs: 10_000, statementTimeoutMs: STATEMENT_TIMEOUT_MS },
  });
  caller = await applicant(t, { language: 'en-us' });
  await confirm(t, caller);
  await save(t, caller, 'completeCompanyInfo', { companyNameEnglish: 'Before The Lock Ltd.' });
  locker = new pg.Client({ connectionString: t.config.databaseUrl });
  await locker.connect();
});
afterAll(async () => {
  await locker?.end();
  await t?.close();
});

async function request(method: 'GET' | 'POST', route: string, json?: unknown) {
  try {
    const response = await fetch(`${t.url}/plat${route}`, {
      method,
      headers: {
        ...caller.headers,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    return { status: response.status, body: (await response.json()) as Envelope };
  } catch (error) {
    throw new Error(`${method} ${route} got no answer: a hung request`, { cause: error });
  }
}

/** Pool connections in use (the mail outbox's LISTEN holds one for good) and callers waiting. */
function poolUse() {
  const pool = t.app.pool;
  return { checkedOut: pool.totalCount - pool.idleCount, waiting: pool.waitingCount };
}

describe('PostgreSQL slow: a statement stuck behind a lock', () => {
  it('answers 503 unavailable within the statement timeout, writes nothing, and serves again after', async () => {
    const before = await view(t, caller);
    const idle = poolUse();
    const saveDraft = () =>
      request('POST', '/kyb/draft', {
        step: 'completeCompanyInfo',
        values: { companyNameEnglish: 'During The Lock Ltd.' },
        currentStep: 'completeCompanyInfo',
        version: before.version,
      });

    await locker.query('BEGIN');
    await locker.query('LOCK TABLE certification_applications IN ACCESS EXCLUSIVE MODE');
    try {
      const [read, write, unrelated] = await Promise.all([
        request('GET', '/kyb/application'),
        saveDraft(),
        request('GET', AccountPaths.userInfo),
      ]);
      for (const stuck of [read, write]) {
        expect(stuck.status).toBe(503);
        expect(stuck.body).toEqual({
          code: Codes.unavailable.code,
          msg: Codes.unavailable['en-us'],
          data: null,
        });
      }
      // What does not need the locked table is served meanwhile.
      expect(unrelated).toMatchObject({ status: 200, body: { code: Codes.ok.code } });
      // The cut statements gave their connections back (rolled back, not stuck in the lock queue).
      await waitUntil(() => isDeepStrictEqual(poolUse(), idle), 'the pool back to its idle use', 10_000);
    } finally {
      await locker.query('ROLLBACK');
    }

    // Nothing of the refused save was written; the same save now goes through.
    const after = await view(t, caller);
    expect(after.version).toBe(before.version);
    expect(JSON.stringify(after)).not.toContain('During The Lock');
    expect(await saveDraft()).toMatchObject({ status: 200, body: { code: Codes.ok.code } });
    expect(JSON.stringify(await view(t, caller))).toContain('During The Lock');
    expect(poolUse()).toEqual(idle);
  });
});
