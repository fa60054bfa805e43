// Issue 31 §2: document reads are counted by kind and outcome with their duration
// (portal_document_read_duration_seconds). The cheapest real path: an uploaded file whose stored
// bytes are gone is read as 'fileMissing' without starting the engine.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storedFiles } from '../../../src/server/db/schema/files';
import { processRegistry } from '../../../src/server/observability/metrics/registry';
import { png } from '../../fixtures/files/samples';
import { signInAs } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { form } from '../storage/support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const readsOf = async (kind: string, outcome: string) =>
  (await processRegistry.getMetricsAsJSON())
    .find((m) => m.name === 'portal_document_read_duration_seconds')
    ?.values.find(
      (v) =>
        (v as { metricName?: string }).metricName === 'portal_document_read_duration_seconds_count' &&
        v.labels.kind === kind &&
        v.labels.outcome === outcome,
    )?.value ?? 0;

it('counts a document read by kind and outcome', async () => {
  const alice = await signInAs(t.app, { role: 'applicant' });
  const res = await fetch(`${t.url}/plat/files`, {
    method: 'POST',
    headers: alice.headers,
    body: form(png(40, 30), 'other.png', { kind: 'otherDocument' }),
  });
  expect(res.status).toBe(200);
  const { id } = ((await res.json()) as { data: { id: string } }).data;
  const [file] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, id));
  await t.app.storage.store.remove(file!.storageKey);

  const before = await readsOf('otherDocument', 'fileMissing');
  t.app.documents.kick();
  await t.app.documents.idle();
  expect((await readsOf('otherDocument', 'fileMissing')) - before).toBe(1);
  expect(t.app.documents.engineStarted).toBe(false);
});
