// The server half of the navigation check (spec §2: "If a navigation check fails while logged in,
// the user is logged out and sent to /login"): on every in-app navigation the router asks the
// server whether the session still stands, so a session revoked elsewhere (another tab's logout,
// a password change, an administrator) ends at the next navigation, even on a page that loads
// nothing. A plain fetch rather than the API client: the answer decides the navigation, so it must
// not also toast or start the session-invalid logout of spec §4.
import { useEffect, useRef, useState } from 'react';
import { AccountPaths } from '../../contract/api/accountPaths';
import { SESSION_INVALID_CODES } from '../../contract/codes';
import { LANGUAGE_HEADER, languageHeaderFor } from '../../contract/envelope';
import { normaliseErrorCode } from '../../contract/errorCode';
import { withPrefix } from '../api/client';
import { getLocale } from '../i18n/localeStore';
import { readSession } from '../session/sessionStore';

export type SessionCheck = 'valid' | 'revoked' | 'unknown';

/** Asks the server about the stored session. Only a session-invalid code counts as revoked: a
 *  network failure or any other answer leaves the decision to the page's own calls. */
export async function checkServerSession(signal?: AbortSignal): Promise<SessionCheck> {
  const token = readSession()?.token;
  if (!token) return 'revoked';
  try {
    const response = await fetch(withPrefix(AccountPaths.userInfo, undefined), {
      headers: { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: languageHeaderFor(getLocale()) },
      signal: signal ?? null,
    });
    const body = (await response.json()) as { code?: unknown };
    if (typeof body.code !== 'number' && typeof body.code !== 'string') return 'unknown';
    const code = normaliseErrorCode(body.code);
    if (typeof code === 'number' && SESSION_INVALID_CODES.has(code)) return 'revoked';
    return 'valid';
  } catch {
    return 'unknown';
  }
}

/**
 * True once the server has said that the session behind an in-app navigation to `location` is
 * gone. The page the app opened on is not checked: its own calls meet the server anyway.
 */
export function useSessionRevokedOnNavigation(location: string, isLoggedIn: boolean): boolean {
  const [revokedAt, setRevokedAt] = useState<string | null>(null);
  const firstLocation = useRef<string | null>(location);

  useEffect(() => {
    if (firstLocation.current === location) return;
    firstLocation.current = null;
    if (!isLoggedIn) return;
    const controller = new AbortController();
    void checkServerSession(controller.signal).then((result) => {
      if (result === 'revoked' && !controller.signal.aborted) setRevokedAt(location);
    });
    return () => controller.abort();
  }, [location, isLoggedIn]);

  return isLoggedIn && revokedAt === location;
}
