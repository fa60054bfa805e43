// The back office's marks for a case's claim rows (issue 30): the reading of each of the case's
// files (GET /plat/files/:id/reading, which reviewers may ask for any file), compared with the
// case's values by documentClaims, keyed by claim path, with the documents' self-checks and the
// findings a reviewer reads first. Files not read yet have no mark until they are (asked again
// while queued, as the wizard's hint does).
import { useEffect, useMemo, useState } from 'react';
import { READING_POLL } from '../../../contract/api/documents';
import {
  documentClaims,
  documentFindings,
  type CheckedReading,
  type DocumentClaim,
  type DocumentFinding,
} from '../../../contract/documents/claims';
import { fetchReading } from './readingApi';
import { stillReading } from './useDocumentReading';

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

export interface CaseReadings {
  /** The worst claim of each claim path (a mark beside its row). */
  byPath: ReadonlyMap<string, DocumentClaim>;
  /** Every comparison, worst first. */
  claims: readonly DocumentClaim[];
  /** Each read file's reading and self-checks, by file id. */
  readings: ReadonlyMap<string, CheckedReading>;
  /** What to look at first: differences, failed self-checks, unreadable values. */
  findings: readonly DocumentFinding[];
}

/** The readings of these files; a file still queued or being read is asked again until it is read. */
function useReadings(
  fileIds: readonly string[],
  fetch: typeof fetchReading,
): ReadonlyMap<string, CheckedReading> {
  const [readings, setReadings] = useState<ReadonlyMap<string, CheckedReading>>(new Map());
  const key = [...new Set(fileIds)].sort().join(',');
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = new Map<string, CheckedReading>();
    const ask = async (ids: readonly string[], asked: number) => {
      const answers = await Promise.all(ids.map(async (id) => [id, await fetch(id, abort.signal)] as const));
      if (abort.signal.aborted) return;
      for (const [id, view] of answers)
        if (view?.status === 'done')
          done.set(id, { kind: view.kind, fields: view.fields, mrz: view.mrz, selfChecks: view.selfChecks });
      setReadings(new Map(done));
      const again = answers.filter(([, view]) => stillReading(view, asked + 1)).map(([id]) => id);
      if (again.length > 0) timer = setTimeout(() => void ask(again, asked + 1), READING_POLL.intervalMs);
    };
    if (key !== '') void ask(key.split(','), 0);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [key, fetch]);
  return readings;
}

export function useDocumentClaims(
  stepValues: Record<string, unknown> | null,
  fileIds: readonly string[],
  fetch: typeof fetchReading = fetchReading,
): CaseReadings {
  const readings = useReadings(fileIds, fetch);
  const claims = useMemo(
    () => (stepValues ? documentClaims(stepValues, readings) : []),
    [stepValues, readings],
  );
  return useMemo(() => {
    // Mismatches come first: the first claim for a path is its worst.
    const byPath = new Map<string, DocumentClaim>();
    for (const claim of claims) if (!byPath.has(claim.claimPath)) byPath.set(claim.claimPath, claim);
    return { byPath, claims, readings, findings: documentFindings(claims, readings) };
  }, [claims, readings]);
}
