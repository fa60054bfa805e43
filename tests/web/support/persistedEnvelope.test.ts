// In-tab continuity uses the support envelope (issue 9 §4): the card application's progress is kept
// as { machine, version, appVersion, at, snapshot }, unredacted, and read back only when it is the
// same machine at the same version; anything else reads as nothing kept (a fresh start, no crash).
import { beforeEach, describe, expect, it } from 'vitest';
import { machineVersion } from '../../../machines/machineVersion';
import { registryEntry } from '../../../machines/registry';
import {
  PROGRESS_KEY,
  readSavedProgress,
  writeSavedProgress,
} from '../../../src/web/features/cardApplication/progressStore';
import {
  readPersistedEnvelope,
  writePersistedEnvelope,
} from '../../../src/web/features/support/snapshot/persistedEnvelope';
import {
  APP_VERSION,
  UnregisteredMachineError,
} from '../../../src/web/features/support/snapshot/supportSnapshot';

const file = {
  id: '6a1f0c3e-aaaa-4bbb-8ccc-0000000000f9',
  name: 'harbour-licence.pdf',
  type: 'application/pdf',
  size: 2048,
};
const progress = {
  businessPurpose: 'advertising' as const,
  fileList: [file],
  path: 'uploadRelevantInfo' as const,
};
const version = machineVersion(registryEntry('cardApplication')!.machine);

beforeEach(() => sessionStorage.clear());

describe('persisted snapshot envelope', () => {
  it('writes the envelope, unredacted, and reads the snapshot back', () => {
    writePersistedEnvelope(
      sessionStorage,
      'k',
      'cardApplication',
      { a: 'Mei Chen' },
      new Date('2026-03-01T10:00:00Z'),
    );
    expect(JSON.parse(sessionStorage.getItem('k')!)).toEqual({
      machine: 'cardApplication',
      version,
      appVersion: APP_VERSION,
      at: '2026-03-01T10:00:00.000Z',
      snapshot: { a: 'Mei Chen' },
    });
    expect(readPersistedEnvelope(sessionStorage, 'k', 'cardApplication')).toEqual({ a: 'Mei Chen' });
  });

  it('reads nothing for another version, another machine, a bare value, broken JSON or no entry', () => {
    const envelope = {
      machine: 'cardApplication',
      version,
      appVersion: APP_VERSION,
      at: '',
      snapshot: { a: 1 },
    };
    const cases: Array<[string, string]> = [
      ['other version', JSON.stringify({ ...envelope, version: version + 1 })],
      ['other machine', JSON.stringify({ ...envelope, machine: 'certification' })],
      ['no version', JSON.stringify({ ...envelope, version: undefined })],
      ['bare value', JSON.stringify('advertising')],
      ['null', 'null'],
      ['broken JSON', '{"machine":'],
    ];
    for (const [name, raw] of cases) {
      sessionStorage.setItem('k', raw);
      expect(readPersistedEnvelope(sessionStorage, 'k', 'cardApplication'), name).toBeNull();
    }
    sessionStorage.removeItem('k');
    expect(readPersistedEnvelope(sessionStorage, 'k', 'cardApplication')).toBeNull();
  });

  it('refuses to write a machine the registry does not list', () => {
    expect(() => writePersistedEnvelope(sessionStorage, 'k', 'noSuchMachine', {})).toThrow(
      UnregisteredMachineError,
    );
  });
});

describe('card application progress (spec §2 session storage) in the envelope', () => {
  it('is stored as the cardApplication envelope and restored after a refresh', () => {
    writeSavedProgress(progress);
    const stored = JSON.parse(sessionStorage.getItem(PROGRESS_KEY)!) as Record<string, unknown>;
    expect(stored).toMatchObject({ machine: 'cardApplication', version, snapshot: progress });
    expect(readSavedProgress()).toEqual(progress);
  });

  it('a progress of another machine version starts the steps fresh', () => {
    writeSavedProgress(progress);
    const stored = JSON.parse(sessionStorage.getItem(PROGRESS_KEY)!) as Record<string, unknown>;
    sessionStorage.setItem(PROGRESS_KEY, JSON.stringify({ ...stored, version: version + 1 }));
    expect(readSavedProgress()).toBeNull();
  });

  it('keeps only what it understands from a hand-edited envelope', () => {
    writeSavedProgress(progress);
    const stored = JSON.parse(sessionStorage.getItem(PROGRESS_KEY)!) as Record<string, unknown>;
    sessionStorage.setItem(
      PROGRESS_KEY,
      JSON.stringify({
        ...stored,
        snapshot: { businessPurpose: 'casino', fileList: [{ id: 1 }], path: '/admin' },
      }),
    );
    expect(readSavedProgress()).toEqual({ businessPurpose: null, fileList: [], path: null });
    sessionStorage.setItem(PROGRESS_KEY, JSON.stringify({ ...stored, snapshot: 'not an object' }));
    expect(readSavedProgress()).toBeNull();
  });
});
