// The outlines the viewer draws on the document it shows (issue 30): every value of it compared with
// a claim row (red where it reads otherwise, dashed grey where it could not be read, green where it
// agrees) and every field of a failed self-check, the selected one heavier. Named in words for
// screen readers. The verdicts come from the contract; this only puts them into outlines.
import { useLingui } from '@lingui/react/macro';
import { readKey } from '../../../contract/documents/claims';
import type { ReadOutline } from './ReadOutlines';
import { useFieldLabel } from './documentLabels';
import type { CaseReadings } from './useDocumentClaims';

export function useReadOutlines(
  fileId: string | null,
  readings: CaseReadings,
  selected: string | null,
): ReadOutline[] {
  const { t } = useLingui();
  const fieldLabel = useFieldLabel();
  if (!fileId) return [];
  const out = new Map<string, ReadOutline>();
  for (const finding of readings.findings) {
    if (finding.type !== 'selfCheck' || finding.fileId !== fileId || !finding.box) continue;
    const field = fieldLabel(finding.field);
    out.set(finding.key, {
      key: finding.key,
      page: finding.page ?? 0,
      box: finding.box,
      tone: 'fail',
      label: t`${field}: read here; the document's own check fails`,
      selected: selected === finding.key,
    });
  }
  for (const claim of readings.claims) {
    const key = readKey(claim.fileId, claim.field);
    if (claim.fileId !== fileId || !claim.box || out.has(key)) continue;
    const field = fieldLabel(claim.field);
    const read = claim.read ?? '';
    out.set(key, {
      key,
      page: claim.page ?? 0,
      box: claim.box,
      tone: claim.verdict,
      label:
        claim.verdict === 'different'
          ? t`${field}: the document reads ${read} here, not what was typed`
          : claim.verdict === 'unreadable'
            ? t`${field}: read here, but not clearly`
            : t`${field}: read here, agrees with what was typed`,
      selected: selected === key,
    });
  }
  // The selected one last: drawn on top.
  return [...out.values()].sort((a, b) => Number(a.selected) - Number(b.selected));
}
