// The back office's marks for a case's claim rows (issue 30): the reading of each of the case's
// files (GET /plat/files/:id/reading, which reviewers may ask for any file), compared with the
// case's values by documentClaims, keyed by claim path. Files not read yet simply have no mark.
import { useEffect, useState } from 'react';
import { documentClaims, type DocumentClaim, type StoredReading } from '../../../contract/documents/claims';
import { fetchReading } from './readingApi';

export function useDocumentClaims(
  stepValues: Record<string, unknown> | null,
  fileIds: readonly string[],
  fetch: typeof fetchReading = fetchReading,
): ReadonlyMap<string, DocumentClaim> {
  const [readings, setReadings] = useState<ReadonlyMap<string, StoredReading>>(new Map());
  const key = [...new Set(fileIds)].sort().join(',');
  useEffect(() => {
    const abort = new AbortController();
    const ids = key === '' ? [] : key.split(',');
    void Promise.all(ids.map(async (id) => [id, await fetch(id, abort.signal)] as const)).then((answers) => {
      if (abort.signal.aborted) return;
      const done = answers.flatMap(([id, view]) =>
        view?.status === 'done'
          ? [[id, { kind: view.kind, fields: view.fields, mrz: view.mrz }] as const]
          : [],
      );
      setReadings(new Map(done));
    });
    return () => abort.abort();
  }, [key, fetch]);
  const claims = stepValues ? documentClaims(stepValues, readings) : [];
  // Mismatches come first: the first claim for a path is its worst.
  const byPath = new Map<string, DocumentClaim>();
  for (const claim of claims) if (!byPath.has(claim.claimPath)) byPath.set(claim.claimPath, claim);
  return byPath;
}
