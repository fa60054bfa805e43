// Support by reference (issue 19 §5): a signed-in applicant's "Send to support" posts the on-screen
// flow's redacted snapshot; the server keeps it for SUPPORT_REFERENCE_RETENTION_DAYS and answers a
// short reference the applicant quotes to support; a back-office user with `support.replay` opens it
// by that reference. Paths are relative to /plat.
import { z } from 'zod';

export const SupportReferencePaths = {
  /** POST SupportSnapshotBody → SupportReferenceCreated (signed-in applicant). */
  create: '/support/references',
  /** GET → SupportReferenceView (back office, permission support.replay); notFound when unknown or purged. */
  read: (reference: string) => `/admin/support-references/${encodeURIComponent(reference)}`,
} as const;

/** Housekeeping deletes a snapshot this long after it was sent (docs/decisions/support.md "Support by reference"). */
export const SUPPORT_REFERENCE_RETENTION_DAYS = 30;

/** The JSON of a snapshot may be at most this long: a filled certification is about 10 000. */
export const SUPPORT_SNAPSHOT_MAX_CHARS = 200_000;

/** No 0/O, 1/I/L: a reference is read aloud and typed from a screenshot. */
export const SUPPORT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Two groups of four: 31^8 ≈ 8.5 × 10^11, and only the back office can try one. */
export const SUPPORT_REFERENCE_GROUPS = 2;
export const SUPPORT_REFERENCE_GROUP_LENGTH = 4;
export const SUPPORT_REFERENCE_PATTERN = /^SR-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/**
 * What a person types, as the reference it names, or null: case, spaces and dashes do not matter,
 * and the `SR` prefix may be left out ("sr 7k4m 2qxd", "7K4M2QXD").
 */
export function normalizeSupportReference(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  const body = compact.startsWith('SR') && compact.length === 10 ? compact.slice(2) : compact;
  const reference = `SR-${body.slice(0, 4)}-${body.slice(4)}`;
  // The pattern's two groups of four leave no other length.
  return SUPPORT_REFERENCE_PATTERN.test(reference) ? reference : null;
}

/** The support envelope { machine, version, appVersion, at, snapshot }, size-limited. */
export const supportSnapshotBody = z
  .object({
    machine: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/),
    /** The machine's version as the registry gives it (a hash of its definition). */
    version: z.union([z.number().int().nonnegative(), z.string().regex(/^[0-9a-z]{1,64}$/)]),
    appVersion: z.string().min(1).max(100),
    at: z.string().datetime(),
    snapshot: z.record(z.string(), z.unknown()),
  })
  .refine((body) => JSON.stringify(body.snapshot).length <= SUPPORT_SNAPSHOT_MAX_CHARS, {
    message: 'field.tooLong',
    path: ['snapshot'],
  });
export type SupportSnapshotBody = z.infer<typeof supportSnapshotBody>;

export interface SupportReferenceCreated {
  reference: string;
  /** ISO 8601: when housekeeping deletes it. */
  keptUntil: string;
}

export interface SupportReferenceView {
  reference: string;
  /** ISO 8601. */
  createdAt: string;
  keptUntil: string;
  companyId: string | null;
  userId: string;
  envelope: SupportSnapshotBody;
}
