// Who may read or remove a stored file (docs/product-rules.md "Uploads": the owning company and reviewers).
import type { StoredFile } from '../db/schema/files';
import type { Principal } from '../types';

type Owned = Pick<StoredFile, 'companyId' | 'uploadedBy'>;

/** The company's users own its files; a file of no company belongs to whoever uploaded it. */
export function ownsFile(principal: Principal, file: Owned): boolean {
  if (file.companyId !== null) return principal.companyId === file.companyId;
  return file.uploadedBy !== null && principal.userId === file.uploadedBy;
}

/** Reviewers read every company's documents; everyone else only their own. */
export function mayReadFile(principal: Principal, file: Owned): boolean {
  return principal.role === 'reviewer' || ownsFile(principal, file);
}

/** Removing is the owner's alone: a reviewer reads a company's document but never deletes it. */
export function mayRemoveFile(principal: Principal, file: Owned): boolean {
  return ownsFile(principal, file);
}
