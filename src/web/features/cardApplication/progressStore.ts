// Spec §2: inside the card application steps, the business purpose and the file list survive a page
// refresh (session storage, with the step's path); leaving the steps restores that saved data into
// the app state, then clears the saved application data and path. The durable draft is the
// server's temporary save; this only bridges a refresh and a visit elsewhere in the same tab.
import type { CardApplicationFileView } from '../../../contract/api/card';
import { INDUSTRY_CATEGORIES, type IndustryCategory } from '../../../contract/options';
import type {
  CardApplicationProgress,
  CardApplicationStep,
} from '../../../../machines/cardApplication.machine';

export const PROGRESS_KEYS = {
  businessPurpose: 'cardApplication.businessPurpose',
  fileList: 'cardApplication.fileList',
  path: 'cardApplication.path',
} as const;

const STEPS: readonly CardApplicationStep[] = ['selectBusinessPurpose', 'uploadRelevantInfo'];

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    // Hand-edited storage counts as nothing kept rather than breaking the page.
    return null;
  }
}

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

/** The progress kept in session storage, or null when there is none. */
export function readSavedProgress(storage: Storage = sessionStorage): CardApplicationProgress | null {
  const purpose = readJson(storage, PROGRESS_KEYS.businessPurpose);
  const files = readJson(storage, PROGRESS_KEYS.fileList);
  const path = readJson(storage, PROGRESS_KEYS.path);
  if (purpose === null && files === null && path === null) return null;
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
  storage.setItem(PROGRESS_KEYS.businessPurpose, JSON.stringify(progress.businessPurpose));
  storage.setItem(PROGRESS_KEYS.fileList, JSON.stringify(progress.fileList));
  storage.setItem(PROGRESS_KEYS.path, JSON.stringify(progress.path));
}

export function clearSavedProgress(storage: Storage = sessionStorage): void {
  for (const key of Object.values(PROGRESS_KEYS)) storage.removeItem(key);
}

/** The app state the progress is restored into on leaving the steps; per account, in memory only. */
let appProgress: { owner: string; progress: CardApplicationProgress } | null = null;

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
