// Whether an error means "the disk has no room" (issue 17 §4). Not the client's fault and not a bug:
// the upload is refused with 507 `storageFull` (nothing stored, try again later) and the operators
// are told, because until someone frees space every upload fails the same way.
import { errorChain } from '../db/unavailable';

/** No space left on the device; the user's or group's quota used up. */
const FULL = new Set(['ENOSPC', 'EDQUOT']);

export function isStorageFull(error: unknown): boolean {
  for (const { code } of errorChain(error)) if (typeof code === 'string' && FULL.has(code)) return true;
  return false;
}
