// The session user store of spec §3: sessionStorage key `user`. Views subscribe with
// useSessionUser(); the API client reads the token; logout clears it.
import { CertificationStatus } from '../../contract/statuses';
import { SESSION_STORE_KEY } from '../../contract/limits';

export interface SessionUserInfo {
  email: string;
  [field: string]: unknown;
}

export interface SessionUser {
  isLogin: boolean;
  token: string;
  operatorId: string | null;
  userInfo: SessionUserInfo;
  enterpriseCertificationStatus: number;
  enterpriseAuditStatus: number | null;
  companyCreditCode: string | null;
  companyName: string | null;
}

/** Spec §4: a missing certification status counts as -1. */
export const MISSING_CERTIFICATION_STATUS = CertificationStatus.missing;

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null = null;
let cachedUser: SessionUser | null = null;

function parse(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionUser> | null;
    if (!value || typeof value !== 'object' || typeof value.token !== 'string') return null;
    return {
      isLogin: value.isLogin === true,
      token: value.token,
      operatorId: typeof value.operatorId === 'string' ? value.operatorId : null,
      userInfo: { ...(value.userInfo ?? {}), email: String(value.userInfo?.email ?? '') },
      enterpriseCertificationStatus:
        typeof value.enterpriseCertificationStatus === 'number'
          ? value.enterpriseCertificationStatus
          : MISSING_CERTIFICATION_STATUS,
      enterpriseAuditStatus:
        typeof value.enterpriseAuditStatus === 'number' ? value.enterpriseAuditStatus : null,
      companyCreditCode: typeof value.companyCreditCode === 'string' ? value.companyCreditCode : null,
      companyName: typeof value.companyName === 'string' ? value.companyName : null,
    };
  } catch {
    // A store someone edited by hand counts as signed out rather than crashing the page.
    return null;
  }
}

function rawStore(): string | null {
  try {
    return sessionStorage.getItem(SESSION_STORE_KEY);
  } catch {
    return null;
  }
}

/** The stored user; the same object until the store changes (safe for useSyncExternalStore). */
export function readSession(): SessionUser | null {
  const raw = rawStore();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parse(raw);
  }
  return cachedUser;
}

export function isSignedIn(): boolean {
  return readSession()?.isLogin === true;
}

export function writeSession(user: SessionUser): void {
  sessionStorage.setItem(SESSION_STORE_KEY, JSON.stringify(user));
  listeners.forEach((l) => l());
}

/** Updates some fields (e.g. certification status after a submit) and keeps the rest. */
export function patchSession(patch: Partial<SessionUser>): void {
  const user = readSession();
  if (user) writeSession({ ...user, ...patch });
}

export function clearSession(): void {
  sessionStorage.removeItem(SESSION_STORE_KEY);
  listeners.forEach((l) => l());
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
