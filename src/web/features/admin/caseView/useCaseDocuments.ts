// The state the two panes share: which document the viewer shows (paged in reading order, opened
// from a row), the sections it is evidence for, and the claims shown above it.
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { CaseDocument, CaseStep } from '../../../../contract/api/admin';
import { caseSections, documentsInReadingOrder, sectionsSupportedBy } from './caseSections';
import { documentClaims } from './documentClaims';

export function useCaseDocuments(steps: readonly CaseStep[], documents: readonly CaseDocument[]) {
  const { i18n } = useLingui();
  const sections = useMemo(() => caseSections(steps), [steps]);
  const ordered = useMemo(() => documentsInReadingOrder(sections, documents), [sections, documents]);
  const byId = useMemo(() => new Map(documents.map((d) => [d.fileId, d])), [documents]);
  const [index, setIndex] = useState(0);
  const current = ordered[index] ?? null;
  const go = (next: number) => setIndex(Math.min(Math.max(next, 0), Math.max(ordered.length - 1, 0)));
  return {
    sections,
    ordered,
    byId,
    index,
    current,
    go,
    open: (fileId: string) => {
      const at = ordered.findIndex((d) => d.fileId === fileId);
      if (at >= 0) setIndex(at);
    },
    active: current ? sectionsSupportedBy(sections, current).map((s) => s.id) : [],
    claims: current ? documentClaims(i18n, sections, current) : null,
  };
}
