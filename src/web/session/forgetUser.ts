// Spec §4: "Logout clears the store and goes to /login." Everything kept for the signed-in user goes
// with the session: the per-user entries of session storage (saved card-application progress, …)
// and what modules hold in memory (the query cache with its column settings, restored progress),
// so the next account in the same tab never sees any of it, not even for a moment (issue 20 §10).
import { REGISTER_LINK_STORE_KEY } from '../shell/businessInfoCheck';
import { SESSION_STORE_KEY } from '../../contract/limits';

/** Session-storage entries of the tab rather than of a user, kept across a logout: the partner
 *  link a registration starts from. Every other entry is forgotten (allow-list: a new per-user
 *  store is forgotten until someone decides otherwise). */
const TAB_KEYS: ReadonlySet<string> = new Set([REGISTER_LINK_STORE_KEY, SESSION_STORE_KEY]);

const hooks = new Set<() => void>();

/** Runs `forget` at every logout; returns the unsubscribe. */
export function onSignOut(forget: () => void): () => void {
  hooks.add(forget);
  return () => hooks.delete(forget);
}

export function forgetUser(storage: Storage = sessionStorage): void {
  try {
    for (const key of Object.keys(storage)) if (!TAB_KEYS.has(key)) storage.removeItem(key);
  } catch {
    // Storage unavailable (privacy mode): nothing was kept there either.
  }
  for (const forget of hooks) forget();
}
