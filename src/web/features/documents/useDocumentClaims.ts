// The back office's marks for a case's claim rows (issue 30): the reading of each of the case's
// files (GET /plat/files/:id/reading, which reviewers may ask for any file), compared with the
// case's values by documentClaims, keyed by claim path. Files not read yet simply have no mark.
import { useEffect, useState } from 'react';
import { documentClaims, type DocumentClaim, type StoredReading } from '../../../contract/documents/claims';
import { fetchReading } from './readingApi';

/** A case's steps (flattened fields, as the case view gets them) back into nested values by step. */
export function stepValuesOfCase(
  steps: readonly { stepId: string; fields: readonly { fieldPath: string; value: unknown }[] }[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const step of steps) {
    const root: Record<string, unknown> = {};
    for (const field of step.fields) {
      const keys = field.fieldPath.split('.');
      let node = root;
      for (const key of keys.slice(0, -1)) {
        const next = node[key];
        node = (next !== null && typeof next === 'object' ? next : (node[key] = {})) as Record<
          string,
          unknown
        >;
      }
      node[keys.at(-1) ?? ''] = field.value;
    }
    out[step.stepId] = root;
  }
  return out;
}

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
