// Support references (issue 19 §5): keeps a redacted snapshot an applicant sent under a fresh short
// reference, reads it back for the back office, and deletes what is past the retention.
import { randomInt } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import {
  SUPPORT_REFERENCE_ALPHABET,
  SUPPORT_REFERENCE_GROUP_LENGTH,
  SUPPORT_REFERENCE_GROUPS,
  SUPPORT_REFERENCE_RETENTION_DAYS,
  type SupportReferenceCreated,
  type SupportReferenceView,
  type SupportSnapshotBody,
} from '../../../contract/api/supportReferences';
import { supportReferences } from '../../db/schema/supportReferences';
import { AppError } from '../../errors';
import type { DbOrTx } from '../../types';

const RETENTION_MS = SUPPORT_REFERENCE_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** SR-XXXX-XXXX from a cryptographic random source. */
export function newSupportReference(): string {
  const groups = Array.from({ length: SUPPORT_REFERENCE_GROUPS }, () =>
    Array.from(
      { length: SUPPORT_REFERENCE_GROUP_LENGTH },
      () => SUPPORT_REFERENCE_ALPHABET[randomInt(SUPPORT_REFERENCE_ALPHABET.length)],
    ).join(''),
  );
  return ['SR', ...groups].join('-');
}

const keptUntil = (createdAt: Date) => new Date(createdAt.getTime() + RETENTION_MS).toISOString();

export async function createSupportReference(
  db: DbOrTx,
  who: { userId: string; companyId: string | null },
  envelope: SupportSnapshotBody,
  now: Date,
): Promise<SupportReferenceCreated> {
  // A collision is ~1 in 10^11 per pair; retrying on the primary key keeps it harmless anyway.
  for (let attempt = 0; attempt < 5; attempt++) {
    const reference = newSupportReference();
    const inserted = await db
      .insert(supportReferences)
      .values({
        reference,
        companyId: who.companyId,
        userId: who.userId,
        machine: envelope.machine,
        machineVersion: String(envelope.version),
        appVersion: envelope.appVersion,
        envelope,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ reference: supportReferences.reference });
    if (inserted.length > 0) return { reference, keptUntil: keptUntil(now) };
  }
  throw new Error('no free support reference after 5 attempts');
}

/** The snapshot sent under `reference` (already normalised), or notFound, also once purged. */
export async function readSupportReference(
  db: DbOrTx,
  reference: string,
  now: Date,
): Promise<SupportReferenceView> {
  const [row] = await db.select().from(supportReferences).where(eq(supportReferences.reference, reference));
  // Past the retention but not yet purged reads as gone, as it will be after the next round.
  if (!row || row.createdAt.getTime() + RETENTION_MS <= now.getTime()) throw new AppError('notFound', 404);
  return {
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    keptUntil: keptUntil(row.createdAt),
    companyId: row.companyId,
    userId: row.userId,
    envelope: row.envelope as SupportSnapshotBody,
  };
}

/** Housekeeping: deletes every snapshot past the retention; returns how many. */
export async function purgeSupportReferences(db: DbOrTx, now: Date): Promise<number> {
  const deleted = await db
    .delete(supportReferences)
    .where(lt(supportReferences.createdAt, new Date(now.getTime() - RETENTION_MS)))
    .returning({ reference: supportReferences.reference });
  return deleted.length;
}
