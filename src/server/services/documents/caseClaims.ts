// The readings a case's claim marks are computed from (documentClaims, src/contract/documents/claims.ts).
import { inArray } from 'drizzle-orm';
import type { StoredReading } from '../../../contract/documents/claims';
import { documentReadings } from '../../db/schema/documents';
import type { DbOrTx } from '../../types';

/** The finished readings of these files (none for files not read, still queued, or deleted). */
export async function readingsOf(
  db: DbOrTx,
  fileIds: readonly string[],
): Promise<Map<string, StoredReading>> {
  const unique = [...new Set(fileIds)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(documentReadings).where(inArray(documentReadings.fileId, unique));
  return new Map(
    rows
      .filter((r) => r.status === 'done')
      .map((r) => [r.fileId, { kind: r.kind, fields: r.fields ?? {}, mrz: r.mrz ?? null }]),
  );
}
