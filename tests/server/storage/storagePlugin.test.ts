// app.storage as other features call it: saveUpload inside the caller's transaction, the cleanup
// when the row cannot be written, and the sweep of files no committed row points at.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../../src/server/db/schema/files';
import { sweepOrphans } from '../../../src/server/storage/fileStore';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { filesUnder, sample } from './support';

let t: TestApp;
let alice: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signInAs(t.app, { role: 'applicant' });
});
afterAll(() => t?.close());

const input = (name: string) => ({ file: Readable.from([sample(name)]), filename: name });
const owner = () => ({ kind: 'idFront', companyId: alice.companyId, uploadedBy: alice.userId });
const keptFiles = () => filesUnder(t.app.storage.dir).filter((f) => path.dirname(f) === t.app.storage.dir);

async function rows() {
  const [row] = await t.app.db.select({ n: count() }).from(storedFiles);
  return row!.n;
}

describe('app.storage', () => {
  it('creates DATA_DIR/files and its temp folder', () => {
    expect(t.app.storage.dir).toBe(path.join(t.config.dataDir, 'files'));
    expect(filesUnder(t.app.storage.dirs.tmpDir)).toEqual([]);
  });

  it('saveUpload records the row in the caller’s transaction', async () => {
    const file = await t.app.db.transaction((tx) =>
      t.app.storage.saveUpload(input('tiny.pdf'), { ...owner(), tx }),
    );
    const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, file.id));
    expect(row).toMatchObject({
      kind: 'idFront',
      contentType: 'application/pdf',
      companyId: alice.companyId,
    });
    expect(readFileSync(path.join(t.app.storage.dir, row!.storageKey)).equals(sample('tiny.pdf'))).toBe(true);

    const opened = await t.app.storage.open(file.id);
    expect(opened?.file.id).toBe(file.id);
    expect(await t.app.storage.open('not-an-id')).toBeNull();
  });

  it('a row that cannot be written (unknown company) leaves no file behind', async () => {
    const [filesBefore, rowsBefore] = [keptFiles().length, await rows()];
    const error = await t.app.storage
      .saveUpload(input('tiny.png'), { ...owner(), companyId: '00000000-0000-4000-8000-000000000000' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(keptFiles()).toHaveLength(filesBefore);
    expect(await rows()).toBe(rowsBefore);
    expect(filesUnder(t.app.storage.dirs.tmpDir)).toEqual([]);
  });

  it('a transaction rolled back after the save leaves an orphan that sweepOrphans removes', async () => {
    const filesBefore = keptFiles();
    const rowsBefore = await rows();
    await t.app.db
      .transaction(async (tx) => {
        await t.app.storage.saveUpload(input('tiny.jpg'), { ...owner(), tx });
        throw new Error('the feature failed after the upload');
      })
      .catch(() => undefined);
    expect(await rows()).toBe(rowsBefore);
    const orphans = keptFiles().filter((f) => !filesBefore.includes(f));
    expect(orphans).toHaveLength(1);

    // Young files are left alone: an upload may be between its rename and its commit.
    const now = new Date(Date.now());
    expect(await sweepOrphans(t.app.db, t.app.storage.store, now, 60_000)).toBe(0);
    const later = new Date(Date.now() + 120_000);
    expect(await sweepOrphans(t.app.db, t.app.storage.store, later, 60_000)).toBe(1);
    expect(keptFiles().sort()).toEqual([...filesBefore].sort()); // live files untouched
  });

  it('remove soft-deletes once', async () => {
    const file = await t.app.storage.saveUpload(input('tiny.png'), owner());
    expect(await t.app.storage.remove(file.id)).toBe(true);
    expect(await t.app.storage.remove(file.id)).toBe(false);
    expect(await t.app.storage.open(file.id)).toBeNull();
  });
});
