// The rows a reviewer flags for revision and a comment per row (issue 21 §1), kept while the case is
// open. A row may stand for several paths (a phone number is its area code and number). Each flag,
// unflag and finished comment is also handed to `record`, which makes it a step of the case's
// timeline (issue 21 §3).
import { useRef, useState } from 'react';
import type { CaseHistoryEntry } from '../../../../contract/api/admin';
import type { FieldComment } from '../../../../contract/api/fieldComments';
import type { FieldFlagRequest } from '../../../../contract/api/fieldFlags';
import type { FlagControl } from './CaseFields';
import type { CaseSection } from './caseSections';

/** Every flagged path of a commented row with the row's comment (blank comments left out). */
export function commentsOf(
  sections: readonly CaseSection[],
  flagged: ReadonlySet<string>,
  comments: ReadonlyMap<string, string>,
): FieldComment[] {
  return sections.flatMap((section) =>
    section.rows.flatMap((row) => {
      const comment = comments.get(row.key)?.trim() ?? '';
      if (!comment) return [];
      return row.paths.filter((p) => flagged.has(p)).map((field) => ({ field, comment }));
    }),
  );
}

export interface OpenFlags {
  flagged: ReadonlySet<string>;
  /** By row key: the first path of the row, as a comment step names its fields. */
  comments: ReadonlyMap<string, string>;
}

/** The flags and comments standing on this round, replayed from the timeline's flag steps since
 *  the applicant's last submit: a reload, or another reviewer, opens the case with them. */
export function openFlagsOf(history: readonly CaseHistoryEntry[]): OpenFlags {
  const flagged = new Set<string>();
  const comments = new Map<string, string>();
  for (const entry of history) {
    const step = entry.action.slice(entry.action.indexOf('.') + 1);
    if (entry.action === 'applicant.submit') {
      flagged.clear();
      comments.clear();
    } else if (step === 'fieldFlagged') entry.flaggedFields.forEach((p) => flagged.add(p));
    else if (step === 'fieldUnflagged') entry.flaggedFields.forEach((p) => flagged.delete(p));
    else if (step === 'fieldCommented' && entry.flaggedFields[0])
      comments.set(entry.flaggedFields[0], entry.comment ?? '');
  }
  return { flagged, comments };
}

export function useFieldFlags(
  record: (request: FieldFlagRequest) => void = () => {},
  open: OpenFlags = { flagged: new Set(), comments: new Map() },
): FlagControl & { list: string[] } {
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(() => open.flagged);
  const [comments, setComments] = useState<ReadonlyMap<string, string>>(() => open.comments);
  // The comment per row as last recorded, so a blur without an edit records nothing.
  const recorded = useRef(new Map<string, string>(open.comments));
  return {
    flagged,
    comments,
    list: [...flagged],
    toggle(paths, on) {
      if (paths.length > 0) record({ step: on ? 'flag' : 'unflag', fields: [...paths] });
      setFlagged((current) => {
        const next = new Set(current);
        for (const path of paths) {
          if (on) next.add(path);
          else next.delete(path);
        }
        return next;
      });
    },
    comment(key, text) {
      setComments((current) => new Map(current).set(key, text));
    },
    commit(key, paths) {
      const text = comments.get(key)?.trim() ?? '';
      if (paths.length === 0 || text === (recorded.current.get(key) ?? '')) return;
      recorded.current.set(key, text);
      record({ step: 'comment', fields: [...paths], ...(text ? { comment: text } : {}) });
    },
  };
}
