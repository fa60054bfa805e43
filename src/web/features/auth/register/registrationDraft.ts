// What a refresh keeps of the registration form (issue 17 §3, navigation): the fields typed so far,
// in this tab's sessionStorage, never the password or its confirmation (they stay in memory only,
// as the chart's RegistrationInfo says). Gone when the tab closes (docs/decisions/applicant-web.md "Navigation: two tabs").
import type { RegistrationInfo } from '../../../../../machines/registration.machine';

const KEY = 'registrationDraft';

/** The registration info without its secrets: what may wait in the tab for a refresh. */
export type RegistrationDraft = Partial<Omit<RegistrationInfo, 'password'>>;

const FIELDS = [
  'firstName',
  'lastName',
  'location',
  'companyName',
  'position',
  'email',
  'phoneAreaCode',
  'phone',
  'invitationCode',
  'serviceAgreement',
] as const satisfies ReadonlyArray<keyof RegistrationDraft>;

/** Only the draft's own fields: a password (or anything else) handed in is never written. */
export function draftOf(values: Record<string, unknown>): RegistrationDraft {
  const draft: Record<string, unknown> = {};
  for (const field of FIELDS) if (values[field] !== undefined) draft[field] = values[field];
  return draft;
}

export function saveRegistrationDraft(values: Record<string, unknown>): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draftOf(values)));
  } catch {
    // Storage full or disabled: a refresh then starts empty, as before.
  }
}

export function storedRegistrationDraft(): RegistrationDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? draftOf(parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function clearRegistrationDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored to clear.
  }
}
