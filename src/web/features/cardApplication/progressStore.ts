// Spec §2: inside the card application steps, the business purpose and the file list survive a page
// refresh (session storage, with the step's path); leaving the steps restores that saved data into
// the app state, then clears the saved application data and path. The durable draft is the
// server's temporary save; this only bridges a refresh and a visit elsewhere in the same tab.
// The progress is kept in the persisted-snapshot envelope (issue 9 §4): one key, checked against
// the machine's version on read, so a progress of another version starts the steps fresh.
import type { CardApplicationFileView } from '../../../contract/api/card';
import { INDUSTRY_CATEGORIES, type IndustryCategory } from '../../../contract/options';
import type {
  CardApplicationProgress,
  CardApplicationStep,
} from '../../../../machines/cardApplication.machine';
import { onSignOut } from '../../session/forgetUser';
import { readPersistedEnvelope, writePersistedEnvelope } from '../support/snapshot/persistedEnvelope';

/** The session-storage key of the saved application data and path. */
export const PROGRESS_KEY = 'cardApplication.progress';
const MACHINE_ID = 'cardApplication';

const STEPS: readonly CardApplicationStep[] = ['selectBusinessPurpose', 'uploadRelevantInfo'];

function isFileView(value: unknown): value is CardApplicationFileView {
  const v = value as Partial<CardApplicationFileView> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.type === 'string' &&
    typeof v.size === 'number'
  );
}

/** The progress kept in session storage, or null when there is none (or of another version). */
export function readSavedProgress(storage: Storage = sessionStorage): CardApplicationProgress | null {
  const kept = readPersistedEnvelope(storage, PROGRESS_KEY, MACHINE_ID);
  // Hand-edited storage counts as nothing kept rather than breaking the page.
  if (!kept || typeof kept !== 'object') return null;
  const { businessPurpose: purpose, fileList: files, path } = kept as Record<string, unknown>;
  return {
    businessPurpose: (INDUSTRY_CATEGORIES as readonly unknown[]).includes(purpose)
      ? (purpose as IndustryCategory)
      : null,
    fileList: Array.isArray(files) ? files.filter(isFileView).slice(0, 1) : [],
    path: STEPS.includes(path as CardApplicationStep) ? (path as CardApplicationStep) : null,
  };
}

export function writeSavedProgress(
  progress: CardApplicationProgress,
  storage: Storage = sessionStorage,
): void {
  writePersistedEnvelope(storage, PROGRESS_KEY, MACHINE_ID, progress);
}

export function clearSavedProgress(storage: Storage = sessionStorage): void {
  storage.removeItem(PROGRESS_KEY);
}

/** The app state the progress is restored into on leaving the steps; per account, in memory only. */
let appProgress: { owner: string; progress: CardApplicationProgress } | null = null;
onSignOut(() => {
  appProgress = null;
});

export function appStateProgress(owner: string): CardApplicationProgress | null {
  return appProgress?.owner === owner ? appProgress.progress : null;
}

/** Leaving the steps (spec §2): saved data into the app state, then the saved data and path cleared. */
export function leaveSteps(owner: string, storage: Storage = sessionStorage): void {
  const saved = readSavedProgress(storage);
  if (saved) appProgress = { owner, progress: { ...saved, path: null } };
  clearSavedProgress(storage);
}

/** Forgets everything kept (a submitted application has no progress to keep). */
export function forgetProgress(storage: Storage = sessionStorage): void {
  appProgress = null;
  clearSavedProgress(storage);
}

/** Where the steps start from: a refresh's saved progress first, then the app state. */
export function progressToRestore(
  owner: string,
  storage: Storage = sessionStorage,
): CardApplicationProgress | null {
  return readSavedProgress(storage) ?? appStateProgress(owner);
}
